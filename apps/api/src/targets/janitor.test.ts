import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import type { TargetDriver } from '@hackclass/engine';
import { createLogger } from '@hackclass/logger';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EngineServer,
  engineAnswers,
  startEngineServer,
} from '../../test/support/live-targets';
import { schema } from '../db';
import { leases } from '../db/schema';
import { type Janitor, janitor } from './janitor';
import { targetService } from './service';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** The real driver, with each list of containers counted and, while `held`, kept waiting. */
function gatedDriver(driver: TargetDriver) {
  let release: () => void = () => undefined;
  let gate: Promise<void> | undefined;
  const gated = {
    lists: 0,
    hold() {
      gate = new Promise((resolve) => {
        release = resolve;
      });
    },
    release: () => release(),
    driver: {
      ...driver,
      async list() {
        gated.lists++;
        await gate;
        return driver.list();
      },
    } satisfies TargetDriver,
  };
  return gated;
}

describe.skipIf(!engineAnswers)('one janitor across two replicas', () => {
  let engine: EngineServer;
  const connections: Connection[] = [];

  /**
   * A replica's janitor, the engine behind a gate: on PostgreSQL with a pool of its own on the
   * shared database, on PGlite (one connection) with the server's.
   */
  async function replica() {
    const db = onPostgres
      ? await openConnection({ databaseUrl: engine.server.databaseUrl, dataDir: '' }).then(
          (connection) => {
            connections.push(connection);
            return drizzleOver(connection, schema);
          },
        )
      : engine.server.db;
    const gated = gatedDriver(engine.driver);
    const service = targetService({
      deployment: engine.server.targets.deployment,
      driver: gated.driver,
      config: engine.server.targets.config,
      db,
      log: createLogger('silent'),
    });
    return { gated, db, janitor: janitor(service, 3_600_000) as Janitor };
  }

  /** A container of this deployment that no target row owns; answers its target id. */
  async function strayContainer() {
    const targetId = crypto.randomUUID();
    await engine.driver.start({
      targetId,
      labId: crypto.randomUUID(),
      userId: crypto.randomUUID(),
      classroomId: crypto.randomUUID(),
      image: engine.images.web,
      kind: 'http',
      containerPort: 8080,
      hostPort: engine.server.targets.config.portRange.last,
      env: {},
      memoryMb: 64,
      cpus: 0.5,
      pids: 64,
      outbound: false,
    });
    return targetId;
  }

  beforeAll(async () => {
    engine = await startEngineServer();
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await engine?.close();
  });

  it('lets one sweep at a time: the other skips its round while the lease is held', async () => {
    const [a, b] = [await replica(), await replica()];
    // The API's own first round, at start-up, is over before the engine is touched.
    await engine.server.targets.janitor.sweep();
    const stray = await strayContainer();
    a.gated.hold();
    const sweeping = a.janitor.sweep();
    await expect.poll(() => a.gated.lists).toBe(1);
    // A holds the lease, waiting on the engine: B's round ends at once, having done nothing.
    await b.janitor.sweep();
    expect(b.gated.lists).toBe(0);
    expect(await engine.driver.inspect(stray)).toBeDefined();
    a.gated.release();
    await sweeping;
    expect(await engine.driver.inspect(stray)).toBeUndefined();
    // The lease is free again: B's next round sweeps.
    await b.janitor.sweep();
    expect(b.gated.lists).toBe(1);
  });

  it('takes over the lease of a replica that ended mid-sweep once it expires', async () => {
    const b = await replica();
    const gone = crypto.randomUUID();
    const held = sql`now() + interval '1 minute'`;
    await b.db
      .insert(leases)
      .values({ name: 'targets-sweep', holder: gone, expiresAt: held })
      .onConflictDoUpdate({ target: leases.name, set: { holder: gone, expiresAt: held } });
    await b.janitor.sweep();
    expect(b.gated.lists).toBe(0);
    await b.db.update(leases).set({ expiresAt: sql`now() - interval '1 second'` });
    await b.janitor.sweep();
    expect(b.gated.lists).toBe(1);
    expect(await b.db.select().from(leases)).toEqual([]);
  });

  it.skipIf(!onPostgres)(
    'outlives its connections closing mid-sweep: that round fails, the next one sweeps',
    async () => {
      const a = await replica();
      a.gated.hold();
      const sweeping = a.janitor.sweep().then(
        () => 'swept',
        () => 'failed',
      );
      await expect.poll(() => a.gated.lists).toBe(1);
      await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`);
      a.gated.release();
      expect(['swept', 'failed']).toContain(await sweeping);
      const stray = await strayContainer();
      await a.janitor.sweep();
      expect(a.gated.lists).toBe(2);
      expect(await engine.driver.inspect(stray)).toBeUndefined();
    },
  );
});
