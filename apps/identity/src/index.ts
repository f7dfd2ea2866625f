export { type IdentityOptions, identityApp } from './app';
export { identityMigrations } from './db';
export { identityOptionsOf } from './options';
export { buildIdentityServer } from './server';
export { rotateSigningKey } from './tokens/signing-keys';
