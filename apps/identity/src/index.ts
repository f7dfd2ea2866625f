export {
  FIREBASE_MEM_COST,
  FIREBASE_ROUNDS,
  type FirebaseHashParams,
  firebaseScryptHash,
} from './accounts/firebase-scrypt';
export { type IdentityOptions, identityApp } from './app';
export { identityMigrations, schema as identitySchema } from './db';
export { openClientSecret, sealClientSecret } from './federation/client-secrets';
export { ExportFileError, readFirebaseExport } from './import/firebase-export';
export { type ImportResult, importFirebaseAccounts } from './import/import-accounts';
export { SKIP_REASONS, type SkipReason } from './import/plan-account';
export { identityOptionsOf } from './options';
export { buildIdentityServer } from './server';
export { createKeySealer, KeySecretMismatchError } from './tokens/key-sealing';
export { localKeySecret } from './tokens/key-secret';
export { rotateSigningKey } from './tokens/signing-keys';
