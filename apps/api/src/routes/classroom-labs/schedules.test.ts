import type {
  Classroom,
  ClassroomLab,
  FlagSubmissionResult,
  Lab,
  UserActivity,
} from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, TEST_FLAG } from '../../../test/support/labs';

let server: ApiServer;
let teacher: Person;
let otherTeacher: Person;
let student: Person;
let outsider: Person;
let sqli: Lab;
let web2: Lab;
let crypto: Lab;

const hour = 3_600_000;
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * hour).toISOString();

beforeAll(async () => {
  server = await startApiServer();
  [teacher, otherTeacher, student, outsider] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
  ]);
  sqli = await createLab(teacher, { name: 'SQLi', points: '100' });
  web2 = await createLab(teacher, { name: 'Web 2', points: '100' });
  crypto = await createLab(teacher, { name: 'Crypto', points: '100' });
});
afterAll(() => server.close());

const add = (classroomId: string, body: Record<string, unknown>) =>
  teacher.session.call('POST', `/classrooms/${classroomId}/hacking-labs`, body);
const patch = (who: Person, classroomId: string, labId: string, body: Record<string, unknown>) =>
  who.session.call('PATCH', `/classrooms/${classroomId}/hacking-labs/${labId}`, body);
const submit = (classroomId: string, labId: string, flag = TEST_FLAG) =>
  student.session.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
    flag,
  });

async function labsSeenBy(who: Person, classroomId: string): Promise<ClassroomLab[]> {
  const response = await who.session.call('GET', `/classrooms/${classroomId}`);
  return response.json<Classroom>().hackingLabs;
}

const seen = async (who: Person, classroomId: string, labId: string) =>
  (await labsSeenBy(who, classroomId)).find((lab) => lab.id === labId);

/** A classroom with the student accepted and the labs added without a schedule. */
const room = (labs: Lab[] = []) =>
  classroom(server, teacher.id, {
    members: [[student.id, 'Accepted']],
    labs: labs.map((lab) => lab.id),
  });

describe('a lab with no schedule', () => {
  it('is open to everyone with full late credit and no requirements', async () => {
    const { id } = await room([sqli]);
    const expected = {
      opensAt: null,
      dueAt: null,
      latePercent: 100,
      requires: [],
      availability: 'open',
    };
    expect(await seen(student, id, sqli.id)).toMatchObject(expected);
    expect(await seen(teacher, id, sqli.id)).toMatchObject(expected);
    const answer = (await submit(id, sqli.id)).json<FlagSubmissionResult>();
    expect(answer).toMatchObject({ correct: true, late: false, points: 100 });
  });
});

describe('POST /classrooms/:id/hacking-labs with a schedule', () => {
  it('stores the schedule and requirements the classroom then presents', async () => {
    const { id } = await room([sqli]);
    const dueAt = hoursFromNow(24);
    const response = await add(id, {
      hackingLabId: web2.id,
      dueAt,
      latePercent: 50,
      requires: [sqli.id],
    });
    expect(response.status).toBe(201);
    expect(await seen(teacher, id, web2.id)).toMatchObject({
      opensAt: null,
      dueAt,
      latePercent: 50,
      requires: [{ id: sqli.id, name: 'SQLi' }],
      availability: 'open',
    });
  });

  it('refuses a due date before the opening, naming the field', async () => {
    const { id } = await room();
    const response = await add(id, {
      hackingLabId: web2.id,
      opensAt: hoursFromNow(48),
      dueAt: hoursFromNow(24),
    });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: { dueAt: [expect.any(String)] },
    });
  });

  it('refuses a late credit out of range and requirements outside the classroom', async () => {
    const { id } = await room();
    const late = await add(id, { hackingLabId: web2.id, latePercent: 101 });
    expect(late.json()).toMatchObject({ errors: { latePercent: [expect.any(String)] } });
    const outside = await add(id, { hackingLabId: web2.id, requires: [crypto.id] });
    expect(outside.status).toBe(400);
    expect(outside.json()).toMatchObject({
      errors: { requires: ['Choose labs of this classroom'] },
    });
    expect(await labsSeenBy(teacher, id)).toEqual([]);
  });
});

describe('PATCH /classrooms/:id/hacking-labs/:labId', () => {
  it('changes the schedule, keeps the fields left out and clears those set to null', async () => {
    const { id } = await room([sqli, web2]);
    const dueAt = hoursFromNow(24);
    expect((await patch(teacher, id, web2.id, { dueAt, latePercent: 0 })).status).toBe(204);
    expect((await patch(teacher, id, web2.id, { requires: [sqli.id] })).status).toBe(204);
    expect(await seen(teacher, id, web2.id)).toMatchObject({
      dueAt,
      latePercent: 0,
      requires: [{ id: sqli.id, name: 'SQLi' }],
    });
    expect((await patch(teacher, id, web2.id, { dueAt: null, requires: [] })).status).toBe(204);
    expect(await seen(teacher, id, web2.id)).toMatchObject({
      dueAt: null,
      latePercent: 0,
      requires: [],
    });
  });

  it('checks the opening against the stored due date', async () => {
    const { id } = await room([sqli]);
    await patch(teacher, id, sqli.id, { dueAt: hoursFromNow(2) });
    const response = await patch(teacher, id, sqli.id, { opensAt: hoursFromNow(3) });
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ errors: { dueAt: [expect.any(String)] } });
  });

  it('refuses a lab requiring itself', async () => {
    const { id } = await room([sqli]);
    const response = await patch(teacher, id, sqli.id, { requires: [sqli.id] });
    expect(response.json()).toMatchObject({
      errors: { requires: ['A lab cannot require itself'] },
    });
  });

  it('refuses cycles, naming the path', async () => {
    const { id } = await room([sqli, web2, crypto]);
    expect((await patch(teacher, id, web2.id, { requires: [sqli.id] })).status).toBe(204);
    const two = await patch(teacher, id, sqli.id, { requires: [web2.id] });
    expect(two.status).toBe(409);
    expect(two.json()).toMatchObject({
      code: 'requirement_cycle',
      detail: 'SQLi cannot require Web 2: Web 2 already requires SQLi',
    });
    expect((await patch(teacher, id, crypto.id, { requires: [web2.id] })).status).toBe(204);
    const three = await patch(teacher, id, sqli.id, { requires: [crypto.id] });
    expect(three.status).toBe(409);
    expect(three.json()).toMatchObject({
      code: 'requirement_cycle',
      detail: 'SQLi cannot require Crypto: Crypto already requires SQLi (through Web 2)',
    });
    expect(await seen(teacher, id, sqli.id)).toMatchObject({ requires: [] });
  });

  it('is for the classroom’s managers only; 404 for a lab it does not have', async () => {
    const { id } = await room([sqli]);
    expect((await patch(student, id, sqli.id, { latePercent: 10 })).status).toBe(403);
    expect((await patch(otherTeacher, id, sqli.id, { latePercent: 10 })).status).toBe(404);
    expect((await patch(outsider, id, sqli.id, { latePercent: 10 })).status).toBe(404);
    expect((await patch(teacher, id, crypto.id, { latePercent: 10 })).status).toBe(404);
  });
});

describe('availability', () => {
  it('hides a lab that has not opened from students, everywhere in the classroom', async () => {
    const { id } = await room();
    const later = await createLab(teacher, { name: 'Later' });
    expect((await add(id, { hackingLabId: later.id, opensAt: hoursFromNow(1) })).status).toBe(201);
    expect(await seen(teacher, id, later.id)).toMatchObject({ availability: 'upcoming' });
    expect(await labsSeenBy(student, id)).toEqual([]);
    const labCount = async (who: Person) =>
      (await who.session.call('GET', `/classrooms/${id}`)).json<Classroom>().labCount;
    expect(await labCount(student)).toBe(0);
    expect(await labCount(teacher)).toBe(1);
    const page = () => student.session.call('GET', `/hacking-labs/${later.slug}`);
    expect((await page()).status).toBe(404);
    expect((await submit(id, later.id)).status).toBe(404);
    const target = `/classrooms/${id}/labs/${later.id}/target`;
    expect((await student.session.call('POST', target)).status).toBe(404);
    await patch(teacher, id, later.id, { opensAt: null });
    expect(await seen(student, id, later.id)).toMatchObject({ availability: 'open' });
    expect((await page()).status).toBe(200);
  });

  it('locks a lab until its requirements are solved, saying what opens it', async () => {
    const { id } = await room([sqli, web2]);
    await patch(teacher, id, web2.id, { requires: [sqli.id] });
    expect(await seen(student, id, web2.id)).toMatchObject({
      availability: 'locked',
      requires: [{ id: sqli.id, name: 'SQLi' }],
    });
    expect(await seen(teacher, id, web2.id)).toMatchObject({ availability: 'open' });
    const refused = await submit(id, web2.id);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'lab_locked',
      detail: 'Solve SQLi first to open this lab',
    });
    expect((await submit(id, sqli.id)).json()).toMatchObject({ correct: true });
    expect(await seen(student, id, web2.id)).toMatchObject({ availability: 'open' });
    expect((await submit(id, web2.id)).json()).toMatchObject({ correct: true });
  });
});

describe('late solves', () => {
  it('earn the late credit in the leaderboard and say so', async () => {
    const { id } = await room([sqli]);
    await patch(teacher, id, sqli.id, {
      opensAt: hoursFromNow(-48),
      dueAt: hoursFromNow(-24),
      latePercent: 40,
    });
    const answer = (await submit(id, sqli.id)).json<FlagSubmissionResult>();
    expect(answer).toMatchObject({ correct: true, late: true, points: 40 });
    expect(answer.message).toBe('Correct! +40 points (late: 40%).');
    await patch(teacher, id, sqli.id, { latePercent: 0 });
    const board = await student.session.call('GET', `/classrooms/${id}/leaderboard`);
    expect(board.json()).toMatchObject({ items: [{ userId: student.id, points: 0 }] });
    await patch(teacher, id, sqli.id, { dueAt: null });
    const after = await student.session.call('GET', `/classrooms/${id}/leaderboard`);
    expect(after.json()).toMatchObject({ items: [{ userId: student.id, points: 100 }] });
  });
});

describe('the dashboard’s due dates', () => {
  it('lists the open unsolved labs with a due date, late ones first', async () => {
    const { id, name } = await room([sqli, web2, crypto]);
    const later = await createLab(teacher, { name: 'Later' });
    await add(id, { hackingLabId: later.id, opensAt: hoursFromNow(1), dueAt: hoursFromNow(3) });
    const soon = hoursFromNow(2);
    const past = hoursFromNow(-1);
    await patch(teacher, id, sqli.id, { dueAt: soon });
    await patch(teacher, id, web2.id, { dueAt: past, latePercent: 25 });
    await patch(teacher, id, crypto.id, { dueAt: soon, requires: [sqli.id] });
    const activity = async () =>
      (await student.session.call('GET', '/users/me/activity'))
        .json<UserActivity>()
        .dueDates.filter((due) => due.classroomId === id);
    expect(await activity()).toEqual([
      {
        classroomId: id,
        classroomName: name,
        labId: web2.id,
        labName: 'Web 2',
        labSlug: web2.slug,
        dueAt: past,
        late: true,
        latePercent: 25,
      },
      expect.objectContaining({ labId: sqli.id, dueAt: soon, late: false, latePercent: 100 }),
    ]);
    await submit(id, sqli.id);
    expect((await activity()).map((due) => due.labName)).toEqual(['Web 2', 'Crypto']);
  });
});
