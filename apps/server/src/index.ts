export { type AllInOneOptions, buildServer, defaultWebRoot } from './server';
