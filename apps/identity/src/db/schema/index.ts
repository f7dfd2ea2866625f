// `identitySchema` is deliberately not exported here: drizzle-kit would then emit a bare
// `CREATE SCHEMA "identity"`, which fails because the migrator has already created that schema
// to hold its journal (`identity.identity_migrations`) before it runs the first migration.
export * from './account-events';
export * from './accounts';
export * from './federated-identities';
export * from './firebase-hash-params';
export * from './idp-sign-ins';
export * from './oob-codes';
export * from './refresh-tokens';
export * from './sign-in-providers';
export * from './signing-keys';
export * from './throttle-events';
