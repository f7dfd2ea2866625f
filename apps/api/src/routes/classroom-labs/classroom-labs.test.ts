import type { Lab } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab } from '../../../test/support/labs';
import { classroomLabs, notifications } from '../../db/schema';

let server: ApiServer;
let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;
let pending: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, otherTeacher, admin, student, pending] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

const add = (who: Person, classroomId: string, hackingLabId: string) =>
  who.session.call('POST', `/classrooms/${classroomId}/hacking-labs`, { hackingLabId });
const remove = (who: Person, classroomId: string, labId: string) =>
  who.session.call('DELETE', `/classrooms/${classroomId}/hacking-labs/${labId}`);

const notificationsOf = (userId: string) =>
  server.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'LabAdded')));

describe('POST /classrooms/:id/hacking-labs', () => {
  let lab: Lab;

  beforeAll(async () => {
    lab = await createLab(teacher);
  });

  it('adds a lab and tells the accepted members', async () => {
    const room = await classroom(server, teacher.id, {
      members: [
        [student.id, 'Accepted'],
        [pending.id, 'PendingApproval'],
      ],
    });
    const response = await add(teacher, room.id, lab.id);
    expect(response.status).toBe(201);
    expect(response.json()).toEqual({ classroomId: room.id, hackingLabId: lab.id });
    const [notification, ...more] = (await notificationsOf(student.id)).filter(
      (row) => row.data.classroomId === room.id,
    );
    expect(more).toEqual([]);
    expect(notification?.data).toEqual({
      classroomId: room.id,
      classroomName: room.name,
      labId: lab.id,
      labName: lab.name,
      labSlug: lab.slug,
    });
    expect(await notificationsOf(pending.id)).toEqual([]);
    const seen = await student.session.call('GET', `/hacking-labs/${lab.slug}`);
    expect(seen.status).toBe(200);
  });

  it('refuses to add a lab twice', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    expect((await add(teacher, room.id, lab.id)).status).toBe(201);
    const again = await add(teacher, room.id, lab.id);
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({ code: 'lab_already_in_classroom' });
    const sent = (await notificationsOf(student.id)).filter(
      (row) => row.data.classroomId === room.id,
    );
    expect(sent).toHaveLength(1);
  });

  it('lets admins add any lab to any classroom', async () => {
    const room = await classroom(server, otherTeacher.id);
    expect((await add(admin, room.id, lab.id)).status).toBe(201);
  });

  it('answers 404 for a lab that is not the teacher’s or does not exist', async () => {
    const room = await classroom(server, otherTeacher.id);
    const response = await add(otherTeacher, room.id, lab.id);
    expect(response.status).toBe(404);
    expect((await add(otherTeacher, room.id, '00000000-0000-4000-8000-000000000000')).status).toBe(
      404,
    );
  });

  it('refuses those who do not run the classroom', async () => {
    const room = await classroom(server, otherTeacher.id, { members: [[student.id, 'Accepted']] });
    const own = await createLab(teacher);
    // Seeing the classroom is not running it; not seeing it hides it.
    expect((await add(student, room.id, own.id)).status).toBe(403);
    expect((await add(teacher, room.id, own.id)).status).toBe(404);
    expect((await add(pending, room.id, own.id)).status).toBe(404);
    const unknown = await add(teacher, '00000000-0000-4000-8000-000000000000', own.id);
    expect(unknown.status).toBe(404);
  });

  it('validates the body', async () => {
    const room = await classroom(server, teacher.id);
    const response = await teacher.session.call('POST', `/classrooms/${room.id}/hacking-labs`, {
      hackingLabId: 'nope',
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('DELETE /classrooms/:id/hacking-labs/:labId', () => {
  it('removes a lab from the classroom, leaving the lab', async () => {
    const lab = await createLab(teacher);
    const room = await classroom(server, teacher.id, { labs: [lab.id] });
    expect((await remove(otherTeacher, room.id, lab.id)).status).toBe(404);
    expect((await remove(teacher, room.id, lab.id)).status).toBe(204);
    expect(
      await server.db.select().from(classroomLabs).where(eq(classroomLabs.classroomId, room.id)),
    ).toEqual([]);
    expect((await remove(teacher, room.id, lab.id)).status).toBe(404);
    expect((await teacher.session.call('GET', `/hacking-labs/${lab.id}`)).status).toBe(200);
  });

  it('lets admins remove labs, and not accepted students', async () => {
    const lab = await createLab(teacher);
    const room = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    expect((await remove(student, room.id, lab.id)).status).toBe(403);
    expect((await remove(admin, room.id, lab.id)).status).toBe(204);
  });
});
