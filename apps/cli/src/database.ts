import {
  loadConfig,
  maskedValue,
  readEnv,
  type ServerConfig,
  serverConfigSchema,
} from '@hackclass/config';
import {
  type Connection,
  DataDirLockedError,
  isDatabaseUnavailable,
  openConnection,
  secureDataDir,
} from '@hackclass/db';
import { CommandError, type CommandIo } from './command';

/** The server's configuration, read from the same environment and `.env` file. */
export function loadServerConfig(io: CommandIo): ServerConfig {
  return loadConfig(serverConfigSchema, readEnv(io.env, io.envFile));
}

/**
 * Opens the server's database. The embedded one is taken with the server's own lock on DATA_DIR:
 * while the server runs, the command stops and says so, as two processes would corrupt it.
 */
export async function openDatabase(config: ServerConfig): Promise<Connection> {
  if (!config.databaseUrl) secureDataDir(config.dataDir);
  let connection: Connection;
  try {
    connection = await openConnection(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new CommandError(
        `The embedded database in DATA_DIR ${config.dataDir} is in use, most likely by the running server: stop the server first (or move to PostgreSQL with DATABASE_URL, where commands run alongside it)`,
      );
    }
    throw error;
  }
  try {
    await connection.ping();
  } catch (error) {
    await connection.close().catch(() => {});
    throw unreachable(config, error);
  }
  return connection;
}

/** A database that does not answer, named without its password. */
export function unreachable(config: ServerConfig, error: unknown): unknown {
  if (!config.databaseUrl || !isDatabaseUnavailable(error)) return error;
  return new CommandError(
    `The database at ${maskedValue('DATABASE_URL', config.databaseUrl)} does not answer: ${(error as Error).message}`,
  );
}
