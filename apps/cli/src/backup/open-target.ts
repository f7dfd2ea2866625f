import { fileStoresOf } from '@hackclass/api';
import type { ServerConfig } from '@hackclass/config';
import type { CommandIo } from '../command';
import { loadServerConfig, openDatabase } from '../database';
import type { BackupTarget } from './create-backup';

export interface OpenTarget extends BackupTarget {
  config: ServerConfig;
  close(): Promise<void>;
}

/**
 * The database and the uploads' store (FILE_STORAGE) the server's settings name. The embedded
 * database is opened under the server's data-folder lock, so it is never read or written while
 * a server uses it.
 */
export async function openTarget(io: CommandIo): Promise<OpenTarget> {
  const config = loadServerConfig(io);
  const connection = await openDatabase(config);
  return {
    config,
    connection,
    files: fileStoresOf(config, connection).files,
    close: () => connection.close(),
  };
}
