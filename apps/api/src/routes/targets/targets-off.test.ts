import type { Classroom, ClassroomTarget, Lab, MyTarget, Target } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, labForm } from '../../../test/support/labs';
import { targets } from '../../db/schema';

let server: ApiServer;
let teacher: Person;
let student: Person;
let admin: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, student, admin] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
    signedInAs(server, 'admin'),
  ]);
});
afterAll(() => server.close());

const TARGET = {
  image: 'registry.school.example/labs/sqli:3',
  port: 8080,
  kind: 'http',
  env: [{ name: 'MODE', value: 'easy' }],
  flagMode: 'per-student',
};

const createWith = (fields: Record<string, string>) =>
  teacher.session.callMultipart('POST', '/hacking-labs', labForm(fields));

describe('a lab’s target in the lab form', () => {
  it('is saved with the lab: a summary for everyone, the definition for its editors', async () => {
    const created = await createWith({ flags: '[]', target: JSON.stringify(TARGET) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lab = created.json<Lab>();
    expect(lab.target).toEqual({
      kind: 'http',
      lifetimeMinutes: 60,
      extendable: true,
      flagMode: 'per-student',
    });
    expect(lab.targetDefinition).toEqual({
      ...TARGET,
      memoryMb: 256,
      cpus: 0.5,
      pids: 256,
      lifetimeMinutes: 60,
      extendable: true,
      outbound: false,
      flagPrefix: 'HC{',
      flagSuffix: '}',
    });
    const room = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const seen = (await student.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>();
    expect(seen.target).toEqual(lab.target);
    expect(seen).not.toHaveProperty('targetDefinition');
    const details = await student.session.call('GET', `/classrooms/${room.id}`);
    expect(details.json<Classroom>().hackingLabs).toMatchObject([{ id: lab.id, hasTarget: true }]);
  });

  it('stays when an edit leaves it out, goes when it is null', async () => {
    const lab = (await createWith({ target: JSON.stringify(TARGET) })).json<Lab>();
    const kept = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({ name: 'Renamed' }),
    );
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.json<Lab>().target?.flagMode).toBe('per-student');
    const removed = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({ target: 'null' }),
    );
    expect(removed.json<Lab>().target).toBeNull();
    expect(removed.json<Lab>()).not.toHaveProperty('targetDefinition');
  });

  it('needs the lab’s own flags unless the target hands out per-student ones', async () => {
    const refused = await createWith({
      flags: '[]',
      target: JSON.stringify({ ...TARGET, flagMode: 'static' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { flags: ['Add at least one flag'] } });
  });

  it('refuses limits over the operator’s maximums, naming the field and the maximum', async () => {
    const refused = await createWith({
      flags: '[]',
      target: JSON.stringify({ ...TARGET, memoryMb: 4096 }),
    });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'target_limit_too_high',
      detail: 'The memory (MB) may be at most 2048 on this server',
      errors: { 'target.memoryMb': ['The memory (MB) may be at most 2048 on this server'] },
    });
    const tooLong = await createWith({
      flags: '[]',
      target: JSON.stringify({ ...TARGET, lifetimeMinutes: 300 }),
    });
    expect(tooLong.json()).toMatchObject({
      code: 'target_limit_too_high',
      detail: 'The lifetime (minutes) may be at most 240 on this server',
    });
  });
});

describe('live targets off (no engine set up)', () => {
  it('answers targets_off to a start and to an image check, and no target to a look', async () => {
    const lab = (await createWith({ flags: '[]', target: JSON.stringify(TARGET) })).json<Lab>();
    const { id } = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const start = await student.session.call('POST', `/classrooms/${id}/labs/${lab.id}/target`);
    expect(start.status).toBe(503);
    expect(start.json()).toMatchObject({
      code: 'targets_off',
      detail: 'Live targets are not set up on this server',
    });
    const mine = await student.session.call('GET', `/classrooms/${id}/labs/${lab.id}/target`);
    expect(mine.json<MyTarget>()).toEqual({ target: null, engineAvailable: false });
    const check = await teacher.session.call('POST', '/target-images/check', {
      image: 'registry.school.example/labs/sqli:3',
    });
    expect(check.status).toBe(503);
    expect(check.json()).toMatchObject({ code: 'targets_off' });
  });

  it('answers 404 for a lab without a target, before saying targets are off', async () => {
    const lab = (await createWith({})).json<Lab>();
    const { id } = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const start = await student.session.call('POST', `/classrooms/${id}/labs/${lab.id}/target`);
    expect(start.status).toBe(404);
  });
});

describe('the Targets views and the classroom’s maximum', () => {
  it('keeps the classroom’s maximum, null for the operator’s limits only', async () => {
    const { id } = await classroom(server, teacher.id);
    const url = `/classrooms/${id}/target-settings`;
    expect((await teacher.session.call('GET', url)).json()).toEqual({ maxRunningTargets: null });
    expect((await teacher.session.call('PUT', url, { maxRunningTargets: 12 })).json()).toEqual({
      maxRunningTargets: 12,
    });
    expect((await admin.session.call('GET', url)).json()).toEqual({ maxRunningTargets: 12 });
    const zero = await teacher.session.call('PUT', url, { maxRunningTargets: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('lists every active target to admins only', async () => {
    expect((await admin.session.call('GET', '/targets')).status).toBe(200);
    expect((await teacher.session.call('GET', '/targets')).status).toBe(403);
  });

  it('tells its student, the classroom’s teacher and admins what they may do with a target', async () => {
    const lab = (await createWith({ target: JSON.stringify(TARGET) })).json<Lab>();
    const room = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    // Written directly: with no engine set up, nothing would start it.
    const [row] = await server.db
      .insert(targets)
      .values({ labId: lab.id, classroomId: room.id, userId: student.id, kind: 'http' })
      .returning();
    const id = row?.id;
    const own = { stop: true, extend: true, reset: true };
    const overseen = { stop: true, extend: false, reset: false };
    const mine = await student.session.call('GET', `/classrooms/${room.id}/labs/${lab.id}/target`);
    expect(mine.json<MyTarget>().target?.can).toEqual(own);
    for (const [who, can] of [
      [student, own],
      [teacher, overseen],
      [admin, overseen],
    ] as const) {
      expect((await who.session.call('GET', `/targets/${id}`)).json<Target>().can).toEqual(can);
    }
    const listed = async (who: Person, url: string) =>
      (await who.session.call('GET', url)).json<ClassroomTarget[]>().find((t) => t.id === id)?.can;
    expect(await listed(teacher, `/classrooms/${room.id}/targets`)).toEqual(overseen);
    expect(await listed(admin, '/targets')).toEqual(overseen);
  });
});
