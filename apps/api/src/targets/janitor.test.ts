import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import type { TargetDriver } from '@hackclass/engine';
import { createLogger } from '@hackclass/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EngineServer,
  engineAnswers,
  startEngineServer,
} from '../../test/support/live-targets';
import { schema } from '../db';
import { type Janitor, janitor } from './janitor';
import { targetService } from './service';

const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres)
  console.warn('One janitor across replicas is tested on PostgreSQL only (DATABASE_URL).');

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

describe.skipIf(!engineAnswers || !onPostgres)('one janitor across two replicas', () => {
  let engine: EngineServer;
  const connections: Connection[] = [];

  /** A replica's janitor: a pool of its own on the shared database, the engine behind a gate. */
  async function replica() {
    const connection = await openConnection({
      databaseUrl: engine.server.databaseUrl,
      dataDir: '',
    });
    connections.push(connection);
    const gated = gatedDriver(engine.driver);
    const service = targetService({
      deployment: engine.server.targets.deployment,
      driver: gated.driver,
      config: engine.server.targets.config,
      db: drizzleOver(connection, schema),
      log: createLogger('silent'),
    });
    return { gated, janitor: janitor(service, connection, 3_600_000) as Janitor };
  }

  beforeAll(async () => {
    engine = await startEngineServer();
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await engine?.close();
  });

  it('lets one sweep at a time: the other skips its round while the lock is held', async () => {
    const [a, b] = [await replica(), await replica()];
    // The API's own first round, at start-up, is over before the engine is touched.
    await engine.server.targets.janitor.sweep();
    const stray = crypto.randomUUID();
    await engine.driver.start({
      targetId: stray,
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
    a.gated.hold();
    const sweeping = a.janitor.sweep();
    await expect.poll(() => a.gated.lists).toBe(1);
    // A holds the lock, waiting on the engine: B's round ends at once, having done nothing.
    await b.janitor.sweep();
    expect(b.gated.lists).toBe(0);
    expect(await engine.driver.inspect(stray)).toBeDefined();
    a.gated.release();
    await sweeping;
    expect(await engine.driver.inspect(stray)).toBeUndefined();
    // The lock is free again: B's next round sweeps.
    await b.janitor.sweep();
    expect(b.gated.lists).toBe(1);
  });
});
