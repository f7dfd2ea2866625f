export { type ApiOptions, apiApp } from './app';
export { type ApiDatabase, apiMigrations, schema } from './db';
export { createDatabaseFileStore } from './files/database-file-store';
export { type FileStores, fileStoresOf } from './files/file-stores-of';
export { apiOptionsOf } from './options';
export { buildApiServer } from './server';
export {
  type TargetProxyOptions,
  targetProxy,
  targetProxyOptionsOf,
} from './targets/proxy/plugin';
