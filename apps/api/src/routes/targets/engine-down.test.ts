import type { Lab, MyAttackBox, MyTarget } from '@hackclass/contracts';
import { dockerDriver } from '@hackclass/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, labForm } from '../../../test/support/labs';
import { attackBoxSettings } from '../../../test/support/live-targets';
import { targets } from '../../db/schema';

let server: ApiServer;
let teacher: Person;
let student: Person;

beforeAll(async () => {
  server = await startApiServer({
    labs: { attackBox: attackBoxSettings('hackclass/attackbox:1') },
    // An engine configured but silent: nothing listens on that socket.
    targetDriver: (deploymentId) =>
      dockerDriver({
        deploymentId,
        bindAddress: '127.0.0.1',
        dockerHost: 'unix:///nonexistent/hackclass-no-engine.sock',
        firewall: 'off',
      }),
  });
  [teacher, student] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

const TARGET = { image: 'registry.school.example/labs/sqli:3', port: 8080, kind: 'http' };

async function labInRoom() {
  const lab = (
    await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({ flags: '[]', target: JSON.stringify({ ...TARGET, flagMode: 'per-student' }) }),
    )
  ).json<Lab>();
  const room = await classroom(server, teacher.id, {
    members: [[student.id, 'Accepted']],
    labs: [lab.id],
  });
  return { labId: lab.id, classroomId: room.id };
}

describe('an engine configured but not answering', () => {
  it('says attack boxes are unavailable, and refuses a box in words', async () => {
    const { classroomId } = await labInRoom();
    const mine = (await student.session.call('GET', '/users/me/box')).json<MyAttackBox>();
    expect(mine).toMatchObject({ box: null, available: false });
    const start = await student.session.call('POST', `/classrooms/${classroomId}/box`);
    expect(start.status).toBe(503);
    expect(start.json()).toMatchObject({
      code: 'engine_unreachable',
      detail: expect.stringMatching(/does not answer/),
    });
    const rows = await server.db.select().from(targets).where(eq(targets.userId, student.id));
    expect(rows).toEqual([]);
  });

  it('tells the lab page Start cannot work now, and refuses a start with engine_unreachable', async () => {
    const { labId, classroomId } = await labInRoom();
    const url = `/classrooms/${classroomId}/labs/${labId}/target`;
    const mine = await student.session.call('GET', url);
    expect(mine.json<MyTarget>()).toEqual({ target: null, engineAvailable: false });
    const start = await student.session.call('POST', url);
    expect(start.status).toBe(503);
    expect(start.json()).toMatchObject({ code: 'engine_unreachable' });
    const rows = await server.db.select().from(targets).where(eq(targets.labId, labId));
    expect(rows).toEqual([]);
  });

  it('answers a reset with the engine’s problem, leaving the old target for the janitor', async () => {
    const { labId, classroomId } = await labInRoom();
    // Written directly: the engine went away while it ran.
    const [row] = await server.db
      .insert(targets)
      .values({ labId, classroomId, userId: student.id, kind: 'http', state: 'running' })
      .returning();
    const reset = await student.session.call('POST', `/targets/${row?.id}/reset`);
    expect(reset.status).toBe(503);
    expect(reset.json()).toMatchObject({ code: 'engine_unreachable' });
    const [after] = await server.db
      .select()
      .from(targets)
      .where(eq(targets.id, row?.id ?? ''));
    expect(after?.state).toBe('stopping');
    const stop = await student.session.call('DELETE', `/targets/${row?.id}`);
    expect(stop.status).toBe(200);
  });
});
