export { type ApiOptions, apiApp } from './app';
export { type ApiDatabase, apiMigrations, schema } from './db';
export { buildApiServer } from './server';
