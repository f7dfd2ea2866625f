import { randomBytes } from 'node:crypto';
import type { Lab, Target } from '@hackclass/contracts';
import { dockerDriver } from '@hackclass/engine';
import { buildTestImages, testPortWindow } from '@hackclass/engine/testing';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { targets } from '../../src/db/schema';
import { type ApiServer, startApiServer } from './api-server';
import { createLab } from './labs';
import type { Person } from './people';

/** Whether an engine answers here; the tests of live targets skip, saying so, when none does. */
export const engineAnswers = await (async () => {
  const probe = dockerDriver({ deploymentId: 'test-probe', bindAddress: '127.0.0.1' });
  try {
    await probe.ping();
    return true;
  } catch {
    console.warn('No container engine answers (docker info fails): live target tests skipped.');
    return false;
  } finally {
    await probe.close();
  }
})();

/** The Docker driver of a test deployment, exposing TCP targets where its labs settings say. */
const driverOf = (
  deploymentId: string,
  {
    tcpBindAddress,
    publicHost = 'localhost',
  }: { tcpBindAddress?: string; publicHost?: string } = {},
) =>
  dockerDriver({
    deploymentId,
    bindAddress: '127.0.0.1',
    firewall: 'off',
    exposeTcp: tcpBindAddress === undefined ? undefined : { address: tcpBindAddress, publicHost },
  });

/** An image no registry here can give: its start fails fast, and nothing is pulled. */
export const MISSING_IMAGE = 'registry.hackclass.invalid/labs/absent:1';

/**
 * The API with the real Docker driver, for one test file: a deployment id of its own (the
 * `test-` prefix lets leftovers be found) and 100 ports of its own (`testPortWindow`), so that
 * files running side by side do not clash. The janitor's timer is off:
 * tests sweep when they mean to.
 */
export async function startEngineServer(
  options: Omit<NonNullable<Parameters<typeof startApiServer>[0]>, 'targetDriver'> = {},
) {
  const images = await buildTestImages();
  const deploymentId = `test-${randomBytes(6).toString('hex')}`;
  const server = await startApiServer({
    janitorIntervalMs: 3_600_000,
    targetStartTimeoutMs: 45_000,
    ...options,
    labs: { portRange: testPortWindow(100), ...options.labs },
    targetDriver: () => driverOf(deploymentId, options.labs),
  });
  // The driver the API uses, for what a test does behind its back (a container nobody owns).
  const driver = server.targets.driver;
  if (!driver) throw new Error('the API has no driver');
  return {
    server,
    images,
    driver,
    /** The deployment id the driver labels with (its own, not the database's). */
    deploymentId,
    /** Closes the API (its stops under way finish first), then removes what it left running. */
    async close() {
      const cleaner = driverOf(deploymentId);
      try {
        await server.close();
        for (const container of await cleaner.list()) await cleaner.stop(container.targetId);
      } finally {
        await cleaner.close();
        await images.remove();
      }
    },
  };
}

export type EngineServer = Awaited<ReturnType<typeof startEngineServer>>;

/** A lab of `teacher` whose target is `target` (the lab form's JSON), with no static flags. */
export const createTargetLab = (
  teacher: Person,
  target: Record<string, unknown>,
  fields: Record<string, string> = {},
): Promise<Lab> =>
  createLab(teacher, {
    flags: '[]',
    target: JSON.stringify({ port: 8080, kind: 'http', flagMode: 'per-student', ...target }),
    ...fields,
  });

export const startOf = (who: Person, classroomId: string, labId: string) =>
  who.session.call('POST', `/classrooms/${classroomId}/labs/${labId}/target`);

/** Polls the target until it has left `starting`. */
export async function settled(who: Person, targetId: string): Promise<Target> {
  let target: Target | undefined;
  await expect
    .poll(
      async () => {
        target = (await who.session.call('GET', `/targets/${targetId}`)).json<Target>();
        return target.state;
      },
      { timeout: 60_000, interval: 250 },
    )
    .not.toBe('starting');
  return target as Target;
}

/** The target once settled, which must be running: a start that failed says why. */
export async function running(who: Person, targetId: string): Promise<Target> {
  const target = await settled(who, targetId);
  expect(target.state, `the target did not start: ${JSON.stringify(target.failure)}`).toBe(
    'running',
  );
  return target;
}

/** The target's row: its port and per-student flag, which the API never shows. */
export async function rowOf(server: ApiServer, targetId: string) {
  const [row] = await server.db.select().from(targets).where(eq(targets.id, targetId));
  if (!row) throw new Error(`no target ${targetId}`);
  return row;
}

export async function pageOf(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/`);
  return response.text();
}

/** The attack box settings of a test server: `image`, with small limits. */
export const attackBoxSettings = (image: string) => ({
  image,
  idleMinutes: 30,
  lifetimeMinutes: 240,
  memoryMb: 64,
  cpus: 0.5,
  pids: 64,
  outbound: false,
});
