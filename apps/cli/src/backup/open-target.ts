import { fileStoresOf } from '@hackclass/api';
import type { ServerConfig } from '@hackclass/config';
import { localKeySecret } from '@hackclass/identity';
import type { CommandIo } from '../command';
import { loadServerConfig, openDatabase } from '../database';
import type { BackupTarget } from './create-backup';

export interface OpenTarget extends BackupTarget {
  config: ServerConfig;
  /** The identity key secret, as the server finds it: it signs backups and opens their keys. */
  keySecret: string;
  close(): Promise<void>;
}

/**
 * The database, the uploads' store (FILE_STORAGE) and the identity key secret the server's
 * settings name. The embedded database is opened under the server's data-folder lock, so it is
 * never read or written while a server uses it.
 */
export async function openTarget(io: CommandIo): Promise<OpenTarget> {
  const config = loadServerConfig(io);
  const connection = await openDatabase(config);
  try {
    return {
      config,
      // After opening: the embedded database creates DATA_DIR, where the secret may be made.
      keySecret: config.identity.keySecret ?? localKeySecret(config.dataDir),
      connection,
      files: fileStoresOf(config, connection).files,
      close: () => connection.close(),
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
