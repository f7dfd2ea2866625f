import { join } from 'node:path';
import type { ServerConfig } from '@hackclass/config';
import { type Connection, drizzleOver } from '@hackclass/db';
import { createLocalFileStore, type FileStore } from '@hackclass/storage';
import { createDatabaseFileStore } from './database-file-store';

export interface FileStores {
  /** Where uploads are stored and read (FILE_STORAGE). */
  files: FileStore;
  /** With the database store: DATA_DIR's folder, whose files an earlier setting left there. */
  folderFiles?: FileStore | undefined;
}

/** The uploads' store FILE_STORAGE names, on `connection` or in DATA_DIR/files. */
export function fileStoresOf(
  { fileStorage, dataDir }: Pick<ServerConfig, 'fileStorage' | 'dataDir'>,
  connection: Connection,
): FileStores {
  const folder = createLocalFileStore(join(dataDir, 'files'));
  if (fileStorage === 'folder') return { files: folder };
  return { files: createDatabaseFileStore(drizzleOver(connection, {})), folderFiles: folder };
}
