import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { ownerOnlyTree } from './data-dir';
import { lockDataDir } from './data-dir-lock';
import { FairPGlite } from './fair-pglite';
import { aroundPostgresJsFaults } from './postgres-js-faults';
import { refusedWhileUnreachable } from './unreachable-gate';

export type Connection =
  | { kind: 'pglite'; client: PGlite; ping(): Promise<void>; close(): Promise<void> }
  | {
      kind: 'postgres';
      /** Drizzle's client: see `aroundPostgresJsFaults` and `refusedWhileUnreachable`. */
      client: postgres.Sql;
      url: string;
      ping(): Promise<void>;
      close(): Promise<void>;
    };

export interface ConnectionOptions {
  /** PostgreSQL connection string; without one, PGlite stores the database under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** How long a readiness ping may take before the database counts as unreachable. */
  pingTimeoutMs?: number;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Seconds a new connection waits after `retries` failed in a row. postgres.js's own pause grows
 * to 20 s (3^retries / 100, shared by the pool) and holds the request that asked for the
 * connection: while PostgreSQL restarted, requests waited seconds for their 503 and the first
 * ones after it as long again for their answer. Connections are made only for queries, each
 * refused at once while the server is down, so a short pause spares a starting server enough.
 */
const reconnectDelaySeconds = (retries: number) => Math.min(retries * 0.05, 0.5);

async function openPostgres(url: string, pingTimeoutMs: number): Promise<Connection> {
  const driver = postgres(url, {
    max: 10,
    idle_timeout: 30,
    connect_timeout: 10,
    backoff: reconnectDelaySeconds,
    onnotice: () => {},
  });
  // Not failed by a connection's stale error once the server is back (see the module), and
  // failed at once while the server is known to be away.
  const client = refusedWhileUnreachable(aroundPostgresJsFaults(driver));
  return {
    kind: 'postgres',
    client,
    url,
    ping: async () => {
      await withTimeout(client.unsafe('select 1'), pingTimeoutMs, 'PostgreSQL');
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dataDir: string, pingTimeoutMs: number): Promise<Connection> {
  const release = await lockDataDir(dataDir);
  try {
    const dbDir = join(dataDir, 'db');
    const client = new FairPGlite(dbDir);
    await client.waitReady;
    ownerOnlyTree(dbDir);
    return {
      kind: 'pglite',
      client,
      ping: async () => {
        await withTimeout(client.query('select 1'), pingTimeoutMs, 'PGlite');
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite database in `dataDir`. */
export function openConnection({
  databaseUrl,
  dataDir,
  pingTimeoutMs = 2000,
}: ConnectionOptions): Promise<Connection> {
  return databaseUrl
    ? openPostgres(databaseUrl, pingTimeoutMs)
    : openPglite(dataDir, pingTimeoutMs);
}
