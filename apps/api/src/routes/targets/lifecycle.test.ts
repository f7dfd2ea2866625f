import { spawnSync } from 'node:child_process';
import type { MyTarget, Target } from '@hackclass/contracts';
import { freePort, parsePrometheusText, sampleSum } from '@hackclass/http/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Person, signedInAs } from '../../../test/support';
import { classroom } from '../../../test/support/labs';
import {
  createTargetLab,
  type EngineServer,
  engineAnswers,
  MISSING_IMAGE,
  pageOf,
  rowOf,
  running,
  settled,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { targets } from '../../db/schema';
import { sweep } from '../../targets/sweep';

let engine: EngineServer;
let teacher: Person;
/** Each test's own students: what one test leaves running counts against no other's limits. */
let student: Person;
let classmate: Person;

beforeAll(async () => {
  if (!engineAnswers) return;
  // The missing image's registry is listed, so that its lab saves and the engine tries to pull it.
  engine = await startEngineServer({
    labs: { maxPerUser: 2, imageAllow: ['registry.hackclass.invalid/'] },
  });
  teacher = await signedInAs(engine.server, 'teacher');
  // One anti-forgery token before any calls at once, as a browser tab has.
  await teacher.session.antiforgeryToken();
});
beforeEach(async () => {
  if (!engineAnswers) return;
  [student, classmate] = await Promise.all([
    signedInAs(engine.server, 'student'),
    signedInAs(engine.server, 'student'),
  ]);
});
afterAll(async () => {
  await engine?.close();
});

/** A classroom of the teacher with the student and classmate accepted and the labs in it. */
const room = (labIds: string[]) =>
  classroom(engine.server, teacher.id, {
    members: [
      [student.id, 'Accepted'],
      [classmate.id, 'Accepted'],
    ],
    labs: labIds,
  });

describe.skipIf(!engineAnswers)('a student’s target, on the real engine', () => {
  it('starts, runs with the student’s own flag on its page, and shows as theirs', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const started = await startOf(student, id, lab.id);
    expect(started.status).toBe(201);
    expect(started.json<Target>()).toMatchObject({ state: 'starting', userId: student.id });
    const target = await settled(student, started.json<Target>().id);
    expect(target).toMatchObject({ state: 'running', failure: null, address: null });
    expect(Date.parse(target.expiresAt ?? '') - Date.parse(target.startedAt ?? '')).toBe(
      60 * 60_000,
    );
    const row = await rowOf(engine.server, target.id);
    expect(row.flag).toMatch(/^HC\{[a-z2-7]{24}\}$/);
    expect(await pageOf(row.hostPort ?? 0)).toContain(`Flag: ${row.flag}`);
    const mine = await student.session.call('GET', `/classrooms/${id}/labs/${lab.id}/target`);
    expect(mine.json<MyTarget>().target?.id).toBe(target.id);
    const theirs = await classmate.session.call('GET', `/classrooms/${id}/labs/${lab.id}/target`);
    expect(theirs.json<MyTarget>()).toEqual({ target: null, engineAvailable: true });
    expect((await classmate.session.call('GET', `/targets/${target.id}`)).status).toBe(404);
  });

  it('makes one target of two starts at once', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    // One anti-forgery token for both, as one browser tab has.
    await student.session.antiforgeryToken();
    const answers = await Promise.all([startOf(student, id, lab.id), startOf(student, id, lab.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    const [first, second] = answers.map((answer) => answer.json<Target>().id);
    expect(first).toBe(second);
    const rows = await engine.server.db
      .select()
      .from(targets)
      .where(and(eq(targets.userId, student.id), eq(targets.labId, lab.id)));
    expect(rows).toHaveLength(1);
    await settled(student, first ?? '');
    await student.session.call('DELETE', `/targets/${first}`);
  });

  it('runs a TCP target, shown with no plain address: its tunnel reaches it (perimeter.test.ts)', async () => {
    const lab = await createTargetLab(
      teacher,
      {
        image: engine.images.echo,
        port: 9000,
        kind: 'tcp',
        flagMode: 'static',
      },
      { flags: JSON.stringify([{ value: 'flag{echo}' }]) },
    );
    const { id } = await room([lab.id]);
    const started = await startOf(student, id, lab.id);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const target = await settled(student, started.json<Target>().id);
    expect(target).toMatchObject({ state: 'running', kind: 'tcp', address: null });
    const row = await rowOf(engine.server, target.id);
    expect(row).toMatchObject({
      reachHost: '127.0.0.1',
      reachPort: row.hostPort,
      exposedHost: null,
    });
    await student.session.call('DELETE', `/targets/${target.id}`);
  });

  it('stops: stopping at once, then stopped with its container gone', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const target = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const stopping = await student.session.call('DELETE', `/targets/${target.id}`);
    expect(stopping.status, JSON.stringify(stopping.body)).toBe(200);
    expect(stopping.json<Target>().state).toBe('stopping');
    await expect
      .poll(async () => (await rowOf(engine.server, target.id)).state, { timeout: 20_000 })
      .toBe('stopped');
    expect(await engine.driver.inspect(target.id)).toBeUndefined();
    expect((await rowOf(engine.server, target.id)).endedAt).not.toBeNull();
  });

  it('extends a running target by a lifetime, up to the operator’s longest', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web, lifetimeMinutes: 100 });
    const fixed = await createTargetLab(teacher, { image: engine.images.web, extendable: false });
    const { id } = await room([lab.id, fixed.id]);
    const target = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    // Just started: a minute to wait, and the page is told until when.
    expect(target.canExtend).toBe(false);
    expect(Date.parse(target.extendableAt ?? '')).toBe(Date.parse(target.startedAt ?? '') + 60_000);
    const early = await student.session.call('POST', `/targets/${target.id}/extend`);
    expect(early.status).toBe(409);
    expect(early.json<{ detail: string }>().detail).toMatch(
      /^It can be extended once it has run a minute: try again in \d+ s$/,
    );
    // Ten minutes left: another lifetime (100 min) from now is worth asking for.
    const soon = new Date(Date.now() + 10 * 60_000);
    await engine.server.db
      .update(targets)
      .set({ expiresAt: soon })
      .where(eq(targets.id, target.id));
    expect(
      (await student.session.call('GET', `/targets/${target.id}`)).json<Target>(),
    ).toMatchObject({ canExtend: true, extendableAt: null });
    expect((await teacher.session.call('POST', `/targets/${target.id}/extend`)).status).toBe(403);
    const extended = await student.session.call('POST', `/targets/${target.id}/extend`);
    expect(extended.status).toBe(200);
    const expiresAt = Date.parse(extended.json<Target>().expiresAt ?? '');
    expect(expiresAt).toBeGreaterThan(Date.now() + 99 * 60_000);
    // The longest is 240 minutes from the start (LAB_MAX_LIFETIME_MINUTES).
    const startedAt = new Date(Date.now() - 230 * 60_000);
    await engine.server.db
      .update(targets)
      .set({ startedAt, expiresAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(targets.id, target.id));
    const capped = await student.session.call('POST', `/targets/${target.id}/extend`);
    expect(Date.parse(capped.json<Target>().expiresAt ?? '')).toBe(
      startedAt.getTime() + 240 * 60_000,
    );
    expect(capped.json<Target>()).toMatchObject({ canExtend: false, extendableAt: null });
    const again = await student.session.call('POST', `/targets/${target.id}/extend`);
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'target_not_extendable',
      detail: 'This target already runs as long as a target may',
    });

    const other = await running(student, (await startOf(student, id, fixed.id)).json<Target>().id);
    const refused = await student.session.call('POST', `/targets/${other.id}/extend`);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'target_not_extendable',
      detail: 'This lab’s targets cannot be extended',
    });
    await student.session.call('DELETE', `/targets/${target.id}`);
    await student.session.call('DELETE', `/targets/${other.id}`);
  });

  it('resets: the old one stops, a new one runs with a new flag', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const old = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const oldRow = await rowOf(engine.server, old.id);
    const reset = await student.session.call('POST', `/targets/${old.id}/reset`);
    expect(reset.status).toBe(201);
    const fresh = await settled(student, reset.json<Target>().id);
    expect(fresh.id).not.toBe(old.id);
    expect(fresh.state).toBe('running');
    expect((await rowOf(engine.server, old.id)).state).toBe('stopped');
    const row = await rowOf(engine.server, fresh.id);
    expect(row.flag).not.toBe(oldRow.flag);
    expect(await pageOf(row.hostPort ?? 0)).toContain(`Flag: ${row.flag}`);
    await student.session.call('DELETE', `/targets/${fresh.id}`);
  });

  it('refuses past the classroom’s maximum and past the student’s own', async () => {
    const labs = await Promise.all(
      [1, 2, 3].map(() => createTargetLab(teacher, { image: engine.images.web })),
    );
    const [a, b, c] = labs.map((lab) => lab.id) as [string, string, string];
    const { id } = await room([a, b, c]);
    const settings = await teacher.session.call('PUT', `/classrooms/${id}/target-settings`, {
      maxRunningTargets: 1,
    });
    expect(settings.json()).toEqual({ maxRunningTargets: 1 });
    const first = (await startOf(student, id, a)).json<Target>();
    const full = await startOf(classmate, id, a);
    expect(full.status).toBe(409);
    expect(full.json()).toMatchObject({
      code: 'target_limit_reached',
      detail: 'This classroom may run 1 target at once: try again when one has stopped',
    });
    await teacher.session.call('PUT', `/classrooms/${id}/target-settings`, {
      maxRunningTargets: null,
    });
    const second = (await startOf(student, id, b)).json<Target>();
    const third = await startOf(student, id, c);
    expect(third.status).toBe(409);
    expect(third.json()).toMatchObject({
      code: 'target_limit_reached',
      detail: 'You may run 2 targets at once: stop one of yours first',
    });
    await settled(student, first.id);
    await settled(student, second.id);
    const stopped = await teacher.session.call('DELETE', `/classrooms/${id}/targets`);
    expect(stopped.json()).toEqual({ stopped: 2 });
  });

  it('fails with image_missing and a sentence when the engine cannot get the image', async () => {
    const lab = await createTargetLab(teacher, { image: MISSING_IMAGE });
    const { id } = await room([lab.id]);
    const target = await settled(student, (await startOf(student, id, lab.id)).json<Target>().id);
    expect(target.state).toBe('failed');
    expect(target.failure?.code).toBe('image_missing');
    expect(target.failure?.message).toMatch(/^The image is not on this server and /);
    // Which image it is stays the lab's editors' to know.
    expect(target.failure?.message).not.toContain(MISSING_IMAGE);
  });

  it('counts starts on /metrics: their outcome, a failure’s code, the time to serve, what runs', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const missing = await createTargetLab(teacher, { image: MISSING_IMAGE });
    const { id } = await room([lab.id, missing.id]);
    const scrape = async () =>
      parsePrometheusText((await engine.server.app.inject('/metrics')).body);
    const before = await scrape();
    const serving = await settled(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const failed = await settled(
      student,
      (await startOf(student, id, missing.id)).json<Target>().id,
    );
    const after = await scrape();
    const { kind } = await rowOf(engine.server, serving.id);
    const moved = (name: string, labels: Record<string, string>) =>
      sampleSum(after, name, { kind, ...labels }) - sampleSum(before, name, { kind, ...labels });
    expect(failed.failure?.code).toBe('image_missing');
    expect(moved('hackclass_target_starts_total', { outcome: 'running' })).toBe(1);
    expect(moved('hackclass_target_starts_total', { outcome: 'failed' })).toBe(1);
    expect(moved('hackclass_target_start_failures_total', { code: 'image_missing' })).toBe(1);
    expect(moved('hackclass_target_start_seconds_count', {})).toBe(1);
    expect(moved('hackclass_target_start_seconds_sum', {})).toBeGreaterThan(0);
    expect(moved('hackclass_targets', { state: 'running' })).toBe(1);
    await student.session.call('DELETE', `/targets/${serving.id}`);
  });

  it('stops the member’s targets when they leave, and the lab’s when it leaves the classroom', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const mine = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const theirs = await running(
      classmate,
      (await startOf(classmate, id, lab.id)).json<Target>().id,
    );
    const left = await student.session.call('DELETE', `/classrooms/${id}/members/${student.id}`);
    expect(left.status).toBe(204);
    await expect
      .poll(async () => (await rowOf(engine.server, mine.id)).state, { timeout: 20_000 })
      .toBe('stopped');
    expect(await engine.driver.inspect(mine.id)).toBeUndefined();
    expect((await rowOf(engine.server, theirs.id)).state).toBe('running');
    const removed = await teacher.session.call(
      'DELETE',
      `/classrooms/${id}/hacking-labs/${lab.id}`,
    );
    expect(removed.status).toBe(204);
    await expect
      .poll(async () => (await rowOf(engine.server, theirs.id)).state, { timeout: 20_000 })
      .toBe('stopped');
    expect(await engine.driver.inspect(theirs.id)).toBeUndefined();
  });
});

describe.skipIf(!engineAnswers)('targets stop with their account and their classroom', () => {
  it('stops a disabled student’s targets, and those of a deleted classroom', async () => {
    const admin = await signedInAs(engine.server, 'admin');
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const mine = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const theirs = await running(
      classmate,
      (await startOf(classmate, id, lab.id)).json<Target>().id,
    );
    const disabled = await admin.session.call('POST', `/users/${student.id}/disable`);
    expect(disabled.status).toBe(200);
    await expect
      .poll(async () => (await rowOf(engine.server, mine.id)).state, { timeout: 20_000 })
      .toBe('stopped');
    expect(await engine.driver.inspect(mine.id)).toBeUndefined();
    const deleted = await teacher.session.call('DELETE', `/classrooms/${id}`);
    expect(deleted.status).toBe(204);
    await expect.poll(() => engine.driver.inspect(theirs.id), { timeout: 20_000 }).toBeUndefined();
  });
});

describe.skipIf(!engineAnswers)('the janitor, on the real engine', () => {
  it('stops expired targets: expired, container gone', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const target = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    await engine.server.db
      .update(targets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(targets.id, target.id));
    await engine.server.targets.janitor.sweep();
    expect((await rowOf(engine.server, target.id)).state).toBe('expired');
    expect(await engine.driver.inspect(target.id)).toBeUndefined();
  });

  it('removes a container the database does not hold, and fails a target whose container vanished', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const target = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const stray = crypto.randomUUID();
    await engine.driver.start({
      targetId: stray,
      labId: lab.id,
      userId: student.id,
      classroomId: id,
      image: engine.images.web,
      kind: 'http',
      containerPort: 8080,
      // Not a port of the server's range, where one of its running targets may be.
      hostPort: await freePort(),
      env: {},
      memoryMb: 64,
      cpus: 0.5,
      pids: 64,
      outbound: false,
    });
    await engine.driver.stop(target.id);
    await engine.server.targets.janitor.sweep();
    expect(await engine.driver.inspect(stray)).toBeUndefined();
    const failed = (await student.session.call('GET', `/targets/${target.id}`)).json<Target>();
    expect(failed).toMatchObject({
      state: 'failed',
      failure: { code: 'start_failed', message: 'The target stopped unexpectedly' },
    });
  });

  it('keeps a target that began running while the sweep read the engine', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await room([lab.id]);
    const target = await running(student, (await startOf(student, id, lab.id)).json<Target>().id);
    // The engine's list answered before this container existed; the database's read came after.
    const driver = { ...engine.driver, list: async () => [] };
    await sweep({ ...engine.server.targets, driver });
    expect((await rowOf(engine.server, target.id)).state).toBe('running');
    expect((await engine.driver.inspect(target.id))?.running).toBe(true);
  });

  it('removes a network no target holds, as a crash before its container leaves it', async () => {
    const lone = crypto.randomUUID();
    const created = spawnSync('docker', [
      'network',
      'create',
      '--label',
      `hackclass.deployment=${engine.deploymentId}`,
      '--label',
      `hackclass.target=${lone}`,
      `hackclass-${lone}`,
    ]);
    expect(created.status, String(created.stderr)).toBe(0);
    expect(await engine.driver.networks()).toContain(lone);
    await engine.server.targets.janitor.sweep();
    expect(await engine.driver.networks()).not.toContain(lone);
  });
});
