export { type IdentityOptions, identityApp } from './app';
export { identityMigrations } from './db';
export { identityOptionsOf } from './options';
export { buildIdentityServer } from './server';
export { createKeySealer, KeySecretMismatchError } from './tokens/key-sealing';
export { localKeySecret } from './tokens/key-secret';
export { rotateSigningKey } from './tokens/signing-keys';
