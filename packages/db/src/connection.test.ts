import { once } from 'node:events';
import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { type Connection, openConnection } from './connection';
import { isDatabaseUnavailable } from './unavailable';
import { DatabaseUnreachableError } from './unreachable-gate';

/** Longest a query may wait to learn whether the server is there: far under a request's deadline. */
const PROMPT_MS = 2_000;
/** How long the server stays away while requests keep coming, one every `EVERY_MS`. */
const AWAY_MS = 5_000;
const EVERY_MS = 50;

interface Settled {
  ms: number;
  /** Failed as "the database is unavailable"; false when it answered. */
  unavailable: boolean;
}

async function timedQuery(connection: Connection): Promise<Settled> {
  if (connection.kind !== 'postgres') throw new Error('not PostgreSQL');
  const started = performance.now();
  const unavailable = await connection.client.unsafe('select 1').then(
    () => false,
    (error: unknown) => isDatabaseUnavailable(error),
  );
  return { ms: performance.now() - started, unavailable };
}

/** A query every `EVERY_MS` for `AWAY_MS`, as requests keep coming: how each settles. */
async function steadyQueries(connection: Connection): Promise<Promise<Settled>[]> {
  const queries: Promise<Settled>[] = [];
  const started = performance.now();
  while (performance.now() - started < AWAY_MS) {
    queries.push(timedQuery(connection));
    await sleep(EVERY_MS);
  }
  return queries;
}

/** A free loopback port with nothing listening on it (yet): every connection is refused. */
async function refusedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The server coming back: a relay on `port` to the PostgreSQL of `serverUrl`. */
async function relayOn(port: number, serverUrl: string): Promise<() => Promise<void>> {
  const target = new URL(serverUrl);
  const sockets = new Set<Socket>();
  const relay: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  return async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => relay.close(resolve));
  };
}

// postgres.js paused 3^n/100 s before a new connection after n failed ones (up to 20 s, the
// count shared by the pool), holding the query that asked for it and queueing the rest: queries
// made while PostgreSQL was away waited up to 18 s, and the first after it came back 5 to 7 s.
describe('a PostgreSQL connection while the server is away', () => {
  it('fails every query promptly as unavailable, however many failed before', {
    timeout: 30_000,
  }, async () => {
    const port = await refusedPort();
    const connection = await openConnection({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dataDir: '',
    });
    try {
      const settled = await Promise.all(await steadyQueries(connection));
      expect(settled.length).toBeGreaterThan(20);
      for (const query of settled) {
        expect(query.unavailable).toBe(true);
        expect(query.ms).toBeLessThan(PROMPT_MS);
      }
    } finally {
      await connection.close();
    }
  });

  it('refuses the queries after the first that failed without trying the server', async () => {
    const port = await refusedPort();
    const connection = await openConnection({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      dataDir: '',
    });
    try {
      if (connection.kind !== 'postgres') throw new Error('not PostgreSQL');
      const first = await connection.client.unsafe('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(first).not.toBeInstanceOf(DatabaseUnreachableError);
      expect(isDatabaseUnavailable(first)).toBe(true);
      const next = await connection.client.unsafe('select 1').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(next).toBeInstanceOf(DatabaseUnreachableError);
      expect(isDatabaseUnavailable(next)).toBe(true);
      await expect(connection.ping()).rejects.toBeInstanceOf(DatabaseUnreachableError);
      await expect(connection.client.begin(() => {})).rejects.toBeInstanceOf(
        DatabaseUnreachableError,
      );
    } finally {
      await connection.close();
    }
  });

  const serverUrl = process.env.DATABASE_URL;
  it.skipIf(!serverUrl)(
    'answers within moments of the server coming back',
    { timeout: 30_000 },
    async () => {
      const port = await refusedPort();
      const url = new URL(serverUrl ?? '');
      url.hostname = '127.0.0.1';
      url.port = String(port);
      const connection = await openConnection({ databaseUrl: url.toString(), dataDir: '' });
      let closeRelay = async () => {};
      try {
        const during = await steadyQueries(connection);
        closeRelay = await relayOn(port, serverUrl ?? '');
        const back = performance.now();
        await expect
          .poll(async () => (await timedQuery(connection)).unavailable, { interval: 20 })
          .toBe(false);
        expect(performance.now() - back).toBeLessThan(PROMPT_MS);
        for (const query of await Promise.all(during)) expect(query.ms).toBeLessThan(PROMPT_MS);
      } finally {
        await connection.close();
        await closeRelay();
      }
    },
  );
});
