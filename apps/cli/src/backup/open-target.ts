import { existsSync } from 'node:fs';
import { fileStoresOf } from '@hackclass/api';
import type { ServerConfig } from '@hackclass/config';
import { localKeySecret } from '@hackclass/identity';
import { CommandError, type CommandIo } from '../command';
import { loadServerConfig, openDatabase } from '../database';
import type { BackupTarget } from './create-backup';

export interface OpenTarget extends BackupTarget {
  config: ServerConfig;
  /** The identity key secret, as the server finds it: it signs backups and opens their keys. */
  keySecret: string;
  close(): Promise<void>;
}

/**
 * The identity key secret as the server finds it: IDENTITY_KEY_SECRET, else the one a server
 * without it keeps in DATA_DIR (made there for a new one). Without either (on PostgreSQL, with no
 * data folder here), what to give.
 */
export function keySecretOf(keySecret: string | undefined, dataDir: string): string {
  if (keySecret) return keySecret;
  if (!existsSync(dataDir)) {
    throw new CommandError(
      `No identity key secret: backups are signed with the server's, and its sealed keys open with it. Set IDENTITY_KEY_SECRET to the server's, or DATA_DIR to the server's data folder (${dataDir} does not exist), where a server without IDENTITY_KEY_SECRET keeps it in identity-key-secret`,
    );
  }
  return localKeySecret(dataDir);
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
      keySecret: keySecretOf(config.identity.keySecret, config.dataDir),
      connection,
      files: fileStoresOf(config, connection).files,
      close: () => connection.close(),
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
