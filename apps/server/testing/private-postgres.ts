import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@hackclass/http/testing';

const run = promisify(execFile);

/** Where Debian installs the server's programs; another machine may set `POSTGRES_BIN`. */
const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const RUNUSER = '/usr/sbin/runuser';
/** PostgreSQL refuses to run as root: as root, its programs run as this user. */
const SERVER_USER = 'postgres';

const asRoot = process.getuid?.() === 0;

/**
 * Why a private PostgreSQL cannot be started on this machine, else undefined: for a `skipIf`
 * with a reason the log shows.
 */
export function privatePostgresMissing(): string | undefined {
  for (const program of ['initdb', 'pg_ctl']) {
    if (!existsSync(join(POSTGRES_BIN, program))) {
      return `no ${program} in ${POSTGRES_BIN} (set POSTGRES_BIN)`;
    }
  }
  if (asRoot && !existsSync(RUNUSER)) return `running as root without ${RUNUSER}`;
  return undefined;
}

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface PrivatePostgres {
  /** The server's `postgres` database, trusting every local connection. */
  url: string;
  /**
   * Stops the server: `fast` rolls back open transactions and closes every connection, as an
   * operator's restart does; `immediate` kills it without a checkpoint, as a crash does.
   */
  stop(mode?: StopMode): Promise<void>;
  /**
   * Starts it again on the same folder and port, unless it runs; resolves once it accepts
   * connections.
   */
  start(): Promise<void>;
  /** What the server logged so far, for a failing test to show. */
  log(): string;
  /** Stops it, whatever its state, and removes its folder. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server of the test's own, on a free loopback port, that the test may stop, crash
 * and start again without touching the machine's server other tests use.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'hackclass-postgres-'));
  const data = join(folder, 'data');
  const port = await freePort();
  if (asRoot) {
    const { stdout } = await run('id', ['-u', SERVER_USER]);
    const { stdout: group } = await run('id', ['-g', SERVER_USER]);
    chownSync(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const pg = (program: string, args: string[]) => {
    const path = join(POSTGRES_BIN, program);
    return asRoot
      ? run(RUNUSER, ['-u', SERVER_USER, '--', path, ...args], { timeout: 60_000 })
      : run(path, args, { timeout: 60_000 });
  };
  let running = false;
  const remove = async () => {
    await pg('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() => {});
    running = false;
    rmSync(folder, { recursive: true, force: true });
  };
  const start = async () => {
    if (running) return;
    // The socket in the folder: nothing shared with the machine's server. fsync is off since
    // only the process stops here, never the machine: what a commit wrote is in the page cache.
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off`;
    await pg('pg_ctl', ['start', '-D', data, '-l', join(folder, 'log'), '-o', options, '-w']);
    running = true;
  };
  try {
    await pg('initdb', [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    await start();
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async (mode = 'fast') => {
      await pg('pg_ctl', ['stop', '-D', data, '-m', mode, '-w']);
      running = false;
    },
    start,
    log: () => readFileSync(join(folder, 'log'), 'utf8'),
    remove,
  };
}
