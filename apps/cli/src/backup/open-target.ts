import { join } from 'node:path';
import { loadConfig, readEnv, type ServerConfig, serverConfigSchema } from '@hackclass/config';
import { DataDirLockedError, openConnection, secureDataDir } from '@hackclass/db';
import { createLocalFileStore } from '@hackclass/storage';
import { CommandError, type CommandIo } from '../command';
import type { BackupTarget } from './create-backup';

export interface OpenTarget extends BackupTarget {
  config: ServerConfig;
  close(): Promise<void>;
}

/**
 * The database and file store the server's configuration names. The embedded database is opened
 * under the server's data-folder lock, so it is never read or written while a server uses it.
 */
export async function openTarget(io: CommandIo): Promise<OpenTarget> {
  const config = loadConfig(serverConfigSchema, readEnv(io.env, io.envFile));
  secureDataDir(config.dataDir);
  const connection = await openConnection(config).catch((error: unknown) => {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new CommandError(
      `${error.message}. The embedded database needs the data folder to itself: stop the server first.`,
    );
  });
  return {
    config,
    connection,
    files: createLocalFileStore(join(config.dataDir, 'files')),
    close: () => connection.close(),
  };
}
