// The outbox's migrations, for the operator's tools: they apply and back up every set.
export { mailMigrations } from '@hackclass/mail';
export { changeRole } from './accounts/change-role';
export { registerUser } from './accounts/register-user';
export { setUserDisabled } from './accounts/set-disabled';
export { type ApiOptions, apiApp } from './app';
export { type ApiDatabase, apiMigrations, schema } from './db';
export { createDatabaseFileStore } from './files/database-file-store';
export { type FileStores, fileStoresOf } from './files/file-stores-of';
export { createIdentityAdmin, type IdentityAdmin } from './identity-admin/client';
export { firebaseIdentityAdmin } from './identity-admin/firebase';
export { recountPoints } from './leaderboard/recount';
export { apiOptionsOf } from './options';
export type { Actor } from './policies/actors';
export { buildApiServer } from './server';
export { standaloneTargets } from './standalone-targets';
export {
  type TargetProxyOptions,
  targetProxy,
  targetProxyOptionsOf,
} from './target-proxy/plugin';
export type { TargetService } from './targets/service';
