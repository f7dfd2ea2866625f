import type { Target } from '@hackclass/contracts';
import {
  canRunRegistry,
  pushedTestImage,
  startRegistry,
  type TestRegistry,
} from '@hackclass/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signedInAs } from '../../../test/support';
import { classroom } from '../../../test/support/labs';
import {
  createTargetLab,
  type EngineServer,
  engineAnswers,
  running,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { pulledImages } from '../../db/schema';

let registry: TestRegistry;
let engine: EngineServer;
let teacher: Person;
let student: Person;

const available = engineAnswers && canRunRegistry;

beforeAll(async () => {
  if (!available) return;
  registry = await startRegistry();
  // The loopback registry, named by its address, is one the operator lists.
  engine = await startEngineServer({ labs: { imageAllow: [`${registry.address}/`] } });
  [teacher, student] = await Promise.all([
    signedInAs(engine.server, 'teacher'),
    signedInAs(engine.server, 'student'),
  ]);
});
afterAll(async () => {
  await engine?.close();
  await registry?.close();
});

const recorded = async () =>
  (await engine.server.db.select().from(pulledImages)).map((row) => row.image);

/** A lab of the teacher with `image`, in a classroom of its own, and the student's target. */
async function runningTarget(image: string) {
  const lab = await createTargetLab(teacher, { image });
  const { id } = await classroom(engine.server, teacher.id, {
    members: [[student.id, 'Accepted']],
    labs: [lab.id],
  });
  const started = await startOf(student, id, lab.id);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return { lab, target: await running(student, started.json<Target>().id) };
}

/** Deletes the lab, which stops its targets, and waits for them to end. */
async function deleteLab(labId: string, targetId: string) {
  const deleted = await teacher.session.call('DELETE', `/hacking-labs/${labId}?force=true`);
  expect(deleted.status).toBe(204);
  await expect
    .poll(async () => engine.driver.inspect(targetId), { timeout: 30_000 })
    .toBeUndefined();
}

describe.skipIf(!available)('images the engine pulled for targets', () => {
  it('are removed once no lab uses them, and kept while one does', async () => {
    const image = await pushedTestImage(registry);
    const { lab, target } = await runningTarget(image);
    expect(await recorded()).toEqual([image]);
    expect(await engine.driver.hasImage(image)).toBe(true);

    // Still used by a lab: the sweep keeps it.
    await engine.server.targets.janitor.sweep();
    expect(await engine.driver.hasImage(image)).toBe(true);

    await deleteLab(lab.id, target.id);
    await engine.server.targets.janitor.sweep();
    expect(await engine.driver.hasImage(image)).toBe(false);
    expect(await recorded()).toEqual([]);
  });

  it('keeps an image an operator put on the engine, whatever becomes of its labs', async () => {
    const { lab, target } = await runningTarget(engine.images.web);
    expect(await recorded()).toEqual([]);
    await deleteLab(lab.id, target.id);
    await engine.server.targets.janitor.sweep();
    expect(await engine.driver.hasImage(engine.images.web)).toBe(true);
  });
});
