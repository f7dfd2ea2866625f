import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SQL, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, openConnection } from './connection';
import { type Database, drizzleOver } from './drizzle';

const serverUrl = process.env.DATABASE_URL;

// What a PostgreSQL restart does to a connection busy at the time, on the connection's own
// backend only: the server ends it with 57P01 during a query.
describe.skipIf(!serverUrl)('after PostgreSQL ended a connection in the middle of a query', () => {
  let connection: Connection;
  let db: Database;
  let admin: postgres.Sql;

  beforeAll(async () => {
    connection = await openConnection({ databaseUrl: serverUrl, dataDir: '' });
    db = drizzleOver(connection, {});
    admin = postgres(serverUrl ?? '', { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await connection.close();
    await admin.end();
  });

  /** `statement` run as `run` runs it, until its backend is ended: how it failed. */
  async function cutOff(run: (statement: SQL) => Promise<unknown>): Promise<unknown> {
    const marker = `cut_off_${randomBytes(6).toString('hex')}`;
    const running = run(sql.raw(`select pg_sleep(5) as ${marker}`)).then(
      () => undefined,
      (error: unknown) => error,
    );
    let ended = false;
    while (!ended) {
      await sleep(50);
      const rows = await admin`select pg_terminate_backend(pid) as ended from pg_stat_activity
        where query like ${`%as ${marker}`} and pid <> pg_backend_pid()`;
      ended = rows.some((row) => row.ended === true);
    }
    return running;
  }
  const cutOffQuery = () => cutOff((statement) => db.execute(statement));

  /** As many queries at once as the pool has connections, so that one goes to the cut-off one. */
  const everyConnection = <T>(query: () => Promise<T>) =>
    Promise.allSettled(Array.from({ length: 10 }, query));

  it('fails the cut-off query, and answers every next one, on every connection', async () => {
    const failed = await cutOffQuery();
    // Not sent again: it may have run.
    expect(failed).toMatchObject({ cause: { code: 'CONNECTION_CLOSED' } });
    const settled = await everyConnection(() => db.execute(sql`select 1`));
    expect(settled.filter((query) => query.status === 'rejected')).toEqual([]);
  });

  it('runs every next transaction, on every connection', async () => {
    await cutOffQuery();
    const settled = await everyConnection(() =>
      db.transaction(async (tx) => {
        const rows = (await tx.execute(sql`select 1 as one`)) as unknown as { one: number }[];
        return rows[0];
      }),
    );
    expect(settled.filter((query) => query.status === 'rejected')).toEqual([]);
    expect(settled.map((query) => query.status === 'fulfilled' && query.value)).toEqual(
      Array(10).fill({ one: 1 }),
    );
  });

  it('fails a transaction cut off under way, and the process and every connection go on', async () => {
    const failed = await cutOff((statement) => db.transaction((tx) => tx.execute(statement)));
    // postgres.js's ROLLBACK on the closed connection threw from a setImmediate: an uncaught
    // TypeError that Vitest reports, and that ends a server.
    expect(failed).toMatchObject({ code: 'CONNECTION_CLOSED' });
    const settled = await everyConnection(() => db.transaction((tx) => tx.execute(sql`select 1`)));
    expect(settled.filter((query) => query.status === 'rejected')).toEqual([]);
  });
});
