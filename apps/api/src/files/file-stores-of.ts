import { join } from 'node:path';
import type { ServerConfig } from '@hackclass/config';
import { type Connection, drizzleOver } from '@hackclass/db';
import { createLocalFileStore, type FileStore, removeUnfinishedWrites } from '@hackclass/storage';
import { createDatabaseFileStore } from './database-file-store';

export interface FileStores {
  /** Where uploads are stored and read (FILE_STORAGE). */
  files: FileStore;
  /** With the database store: DATA_DIR's folder, whose files an earlier setting left there. */
  folderFiles?: FileStore | undefined;
}

/**
 * The uploads' store FILE_STORAGE names, on `connection` or in DATA_DIR/files. On the embedded
 * database this process alone holds DATA_DIR (its lock says so), so what an earlier process left
 * half-written there, killed mid-upload, is removed.
 */
export function fileStoresOf(
  { fileStorage, dataDir }: Pick<ServerConfig, 'fileStorage' | 'dataDir'>,
  connection: Connection,
): FileStores {
  const root = join(dataDir, 'files');
  if (connection.kind === 'pglite') removeUnfinishedWrites(root);
  const folder = createLocalFileStore(root);
  if (fileStorage === 'folder') return { files: folder };
  return { files: createDatabaseFileStore(drizzleOver(connection, {})), folderFiles: folder };
}
