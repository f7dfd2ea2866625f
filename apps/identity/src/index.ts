export { type IdentityOptions, identityApp } from './app';
export { buildIdentityServer } from './server';
