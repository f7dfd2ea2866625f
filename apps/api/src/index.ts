/** The outbox's migrations, which the API applies after its own. */
export { mailMigrations } from '@hackclass/mail';
export { type ApiOptions, apiApp } from './app';
export { type ApiDatabase, apiMigrations, schema } from './db';
export { createDatabaseFileStore } from './files/database-file-store';
export { type FileStores, fileStoresOf } from './files/file-stores-of';
export { createIdentityAdmin, type IdentityAdmin } from './identity-admin/client';
export { recountPoints } from './leaderboard/recount';
export { apiOptionsOf } from './options';
export type { Actor } from './policies/actors';
export { buildApiServer } from './server';
export {
  type TargetProxyOptions,
  targetProxy,
  targetProxyOptionsOf,
} from './targets/proxy/plugin';
export { changeRole } from './users/change-role';
export { registerUser } from './users/register-user';
export { setUserDisabled } from './users/set-disabled';
