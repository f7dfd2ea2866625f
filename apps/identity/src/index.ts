export { type IdentityOptions, identityApp } from './app';
export { identityOptionsOf } from './options';
export { buildIdentityServer } from './server';
export { rotateSigningKey } from './tokens/signing-keys';
