export { analyzeTables, type TableName } from './analyze';
export { type Connection, type ConnectionOptions, openConnection } from './connection';
export { DataDirOpenError, ownerOnlyFiles, secureDataDir } from './data-dir';
export { DataDirLockedError, lockDataDir } from './data-dir-lock';
export { type Database, drizzleOver } from './drizzle';
export {
  journalOf,
  type MigrationSet,
  migrate,
  pendingMigrations,
  requireMigrated,
  SchemaBehindError,
} from './migrate';
export { isDatabaseUnavailable } from './unavailable';
