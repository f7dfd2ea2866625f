import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { serverSchemas } from '../schemas';
import { type ServerProcess, startServerProcess } from '../server-process';
import type { WatchedProcess } from './process-usage';

const LOCAL_POSTGRES = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How a school runs HackClass: one process on its embedded database, or replicas on PostgreSQL and Redis. */
export type DeploymentKind = 'embedded' | 'postgres';

export interface DeploymentOptions {
  kind: DeploymentKind;
  /** Replicas of the server on the shared PostgreSQL and Redis; 1 for `embedded`. */
  replicas: number;
  /** For `postgres`: the server to create the deployment's database on (DATABASE_URL, else local). */
  postgresUrl?: string;
  /** For `postgres`: REDIS_URL, else the local one. */
  redisUrl?: string;
  /** Node's arguments that run the server, from the repository's root. */
  serverArgs: string[];
  /** Written into the migrated database before any server starts. */
  prepare(database: TestDatabase): Promise<void>;
  /** More configuration for every replica. */
  env?: Record<string, string>;
  /**
   * `embedded` only: the server's data folder (on a file system of the caller's own, say),
   * which the prepared database is copied into before the server starts; it stays the caller's.
   */
  dataDir?: string;
}

export interface Deployment {
  /** Each replica's origin, as a load balancer would spread browsers over them. */
  origins: string[];
  apiKey: string;
  servers: ServerProcess[];
  /** Each replica's data folder. */
  dataDirs: string[];
  /** The processes whose CPU and memory the lesson reports. */
  processes: WatchedProcess[];
  /**
   * Ends replica `index` with `signal` and starts it again on the same port, data folder and
   * configuration, as a supervisor would; resolves once it listens.
   */
  restart(index: number, signal: NodeJS.Signals): Promise<ServerProcess>;
  close(): Promise<void>;
}

/**
 * Starts HackClass as `options.kind` describes on a database of its own, migrated and then
 * prepared, each replica on its own data folder as on machines of their own.
 */
export async function startDeployment(options: DeploymentOptions): Promise<Deployment> {
  const embedded = options.kind === 'embedded';
  const database = await createTestDatabase(
    embedded ? null : (options.postgresUrl ?? LOCAL_POSTGRES),
    {
      migrated: serverSchemas,
    },
  );
  const folders: string[] = [];
  const servers: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  };
  try {
    await options.prepare(database);
    const apiKey = randomBytes(16).toString('hex');
    const shared = {
      IDENTITY_API_KEY: apiKey,
      IDENTITY_ADMIN_SECRET: randomBytes(32).toString('base64url'),
      // Each replica's DATA_DIR is its own: the signing keys' secret is shared explicitly.
      IDENTITY_KEY_SECRET: randomBytes(32).toString('base64url'),
      ...(embedded
        ? {}
        : { DATABASE_URL: database.databaseUrl ?? '', REDIS_URL: options.redisUrl ?? LOCAL_REDIS }),
      ...options.env,
    };
    const replicas = embedded ? 1 : options.replicas;
    const envs: Record<string, string>[] = [];
    const start = (env: Record<string, string>) =>
      startServerProcess(env, 120_000, options.serverArgs);
    for (let index = 0; index < replicas; index += 1) {
      const dataDir = embedded
        ? embeddedDataDir(database.dataDir, options.dataDir)
        : mkdtempSync(join(tmpdir(), 'hackclass-lesson-replica-'));
      if (!embedded) folders.push(dataDir);
      // One after the other: the first settles what the next ones find (keys, settings).
      const server = await start({ ...shared, DATA_DIR: dataDir });
      envs.push({ ...shared, DATA_DIR: dataDir, PORT: new URL(server.url).port });
      servers.push(server);
    }
    return {
      origins: servers.map((server) => server.url),
      apiKey,
      servers,
      dataDirs: envs.map((env) => env.DATA_DIR ?? ''),
      // Read when asked: a restarted replica is a new process.
      get processes() {
        return [
          ...servers.map((server, index) => ({
            name: replicas === 1 ? 'server' : `server ${index + 1}`,
            pid: server.child.pid,
          })),
          ...(embedded
            ? []
            : [
                // Its backends serving this database; the rest of the server is shared.
                {
                  name: 'PostgreSQL',
                  commandLine: new URL(database.databaseUrl ?? '').pathname.slice(1),
                },
                { name: 'Redis', commandLine: 'redis-server' },
              ]),
        ];
      },
      restart: async (index, signal) => {
        const env = envs[index];
        if (!env) throw new Error(`no replica ${index}`);
        await servers[index]?.stop(signal);
        const server = await start(env);
        servers[index] = server;
        return server;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Where the embedded server keeps its data: the prepared database's folder, or a copy of it. */
function embeddedDataDir(prepared: string, wanted: string | undefined): string {
  if (wanted === undefined) return prepared;
  cpSync(prepared, wanted, { recursive: true });
  return wanted;
}
