import type { FlagSubmissionResult, Lab, SubmissionList } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, TEST_FLAG } from '../../../test/support/labs';
import { solves, submissions } from '../../db/schema';
import { FLAGS_PER_MINUTE } from '.';

let server: ApiServer;
let teacher: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let pending: Person;
let outsider: Person;
let lab: Lab;
let looseLab: Lab;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, admin, student, classmate, pending, outsider] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
  ]);
  lab = await createLab(teacher, { points: '150' });
  looseLab = await createLab(teacher, {
    flags: JSON.stringify([
      { value: 'FLAG{Loose}', caseSensitive: false },
      { value: 'flag{second}' },
    ]),
  });
});
afterAll(() => server.close());

/** A classroom of the teacher with both labs, the student and classmate accepted. */
const room = () =>
  classroom(server, teacher.id, {
    members: [
      [student.id, 'Accepted'],
      [classmate.id, 'Accepted'],
      [pending.id, 'PendingApproval'],
    ],
    labs: [lab.id, looseLab.id],
  });

const submit = (who: Person, classroomId: string, labId: string, flag: unknown) =>
  who.session.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
    flag,
  });

const submissionsOf = (classroomId: string, userId: string) =>
  server.db
    .select()
    .from(submissions)
    .where(and(eq(submissions.classroomId, classroomId), eq(submissions.userId, userId)));

describe('POST /classrooms/:id/hacking-labs/:labId/submissions', () => {
  it('records a right flag as a solve and gives the lab’s points', async () => {
    const { id } = await room();
    const response = await submit(student, id, lab.id, `  ${TEST_FLAG} `);
    expect(response.status).toBe(200);
    const result = response.json<FlagSubmissionResult>();
    expect(result).toMatchObject({ correct: true, alreadySolved: false, points: 150 });
    expect(result.message).toMatch(/\+150/);
    const [solve] = await server.db
      .select()
      .from(solves)
      .where(and(eq(solves.classroomId, id), eq(solves.userId, student.id)));
    expect(solve?.solvedAt.toISOString()).toBe(result.solvedAt);
    expect(await submissionsOf(id, student.id)).toMatchObject([
      { labId: lab.id, flag: TEST_FLAG, correct: true },
    ]);
  });

  it('answers a wrong flag with correct: false and a message, and keeps it for the teacher', async () => {
    const { id } = await room();
    const response = await submit(student, id, lab.id, 'flag{nope}');
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({
      correct: false,
      alreadySolved: false,
      points: 0,
      late: false,
      message: 'That is not the flag. Try again.',
    });
    expect(await submissionsOf(id, student.id)).toMatchObject([
      { flag: 'flag{nope}', correct: false },
    ]);
    expect(await server.db.select().from(solves).where(eq(solves.classroomId, id))).toEqual([]);
  });

  it('compares exactly, or ignoring case where the flag says so', async () => {
    const { id } = await room();
    expect((await submit(student, id, lab.id, TEST_FLAG.toUpperCase())).json()).toMatchObject({
      correct: false,
    });
    expect((await submit(student, id, looseLab.id, 'flag{loose}')).json()).toMatchObject({
      correct: true,
      points: 100,
    });
    expect((await submit(classmate, id, looseLab.id, 'FLAG{SECOND}')).json()).toMatchObject({
      correct: false,
    });
    expect((await submit(classmate, id, looseLab.id, 'flag{second}')).json()).toMatchObject({
      correct: true,
    });
  });

  it('solves a lab once: later flags are alreadySolved, still recorded, worth nothing more', async () => {
    const { id } = await room();
    const first = (await submit(student, id, lab.id, TEST_FLAG)).json<FlagSubmissionResult>();
    const again = (await submit(student, id, lab.id, TEST_FLAG)).json<FlagSubmissionResult>();
    expect(again).toMatchObject({ correct: true, alreadySolved: true, points: 150 });
    expect(again.solvedAt).toBe(first.solvedAt);
    const wrong = (await submit(student, id, lab.id, 'flag{x}')).json<FlagSubmissionResult>();
    expect(wrong).toMatchObject({ correct: false, alreadySolved: true, points: 150 });
    expect(await submissionsOf(id, student.id)).toHaveLength(3);
    expect(await server.db.select().from(solves).where(eq(solves.classroomId, id))).toHaveLength(1);
  });

  it('lets only accepted members submit', async () => {
    const { id } = await room();
    for (const [who, status] of [
      [outsider, 404],
      [pending, 403],
      [teacher, 403],
      [admin, 403],
    ] as const) {
      const response = await submit(who, id, lab.id, TEST_FLAG);
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/problem\+json/);
    }
    expect(
      await server.db.select().from(submissions).where(eq(submissions.classroomId, id)),
    ).toEqual([]);
  });

  it('knows only the classroom’s labs', async () => {
    const other = await createLab(teacher);
    const { id } = await room();
    const response = await submit(student, id, other.id, TEST_FLAG);
    expect(response.status).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('refuses a blank, long or missing flag with a field error', async () => {
    const { id } = await room();
    for (const flag of ['   ', 'x'.repeat(501), undefined, 42]) {
      const response = await submit(student, id, lab.id, flag);
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('refuses fields it does not take by name, and a body that is not JSON with 415', async () => {
    const { id } = await room();
    const url = `/classrooms/${id}/hacking-labs/${lab.id}/submissions`;
    const extra = await student.session.call('POST', url, {
      flag: 'flag{x}',
      userId: teacher.id,
      toString: 1,
    });
    expect(extra.status).toBe(400);
    expect(extra.json()).toMatchObject({
      code: 'validation_failed',
      errors: { userId: ['Unknown field'], toString: ['Unknown field'] },
    });
    const plain = await student.session.send('POST', url, {
      headers: {
        'x-xsrf-token': await student.session.antiforgeryToken(),
        'content-type': 'text/plain',
      },
      payload: Buffer.from(JSON.stringify({ flag: 'flag{x}' })),
    });
    expect(plain.status).toBe(415);
    expect(plain.json()).toMatchObject({ code: 'unsupported_media_type' });
    expect(await submissionsOf(id, student.id)).toEqual([]);
  });

  it('limits flags per member and lab: 429 problem+json with Retry-After', async () => {
    const { id } = await room();
    for (let attempt = 0; attempt < FLAGS_PER_MINUTE; attempt++) {
      expect((await submit(classmate, id, lab.id, `flag{guess-${attempt}}`)).status).toBe(200);
    }
    const refused = await submit(classmate, id, lab.id, TEST_FLAG);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/problem\+json/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'flag_rate_limited',
      detail: expect.stringMatching(/try again in \d+ seconds?/),
    });
    // Another lab, and another member on the same lab, are counted apart.
    expect((await submit(classmate, id, looseLab.id, 'flag{second}')).status).toBe(200);
    expect((await submit(student, id, lab.id, TEST_FLAG)).status).toBe(200);
  });
});

describe('GET /classrooms/:id/submissions', () => {
  const list = (who: Person, classroomId: string, query = '') =>
    who.session.call('GET', `/classrooms/${classroomId}/submissions${query}`);

  it('shows the teacher every submission with the flag typed, newest first, filtered', async () => {
    const { id } = await room();
    await submit(student, id, lab.id, 'flag{first}');
    await submit(classmate, id, looseLab.id, 'flag{second}');
    await submit(student, id, lab.id, TEST_FLAG);
    const all = (await list(teacher, id)).json<SubmissionList>();
    expect(all).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(all.items.map((item) => [item.userId, item.labId, item.flag, item.correct])).toEqual([
      [student.id, lab.id, TEST_FLAG, true],
      [classmate.id, looseLab.id, 'flag{second}', true],
      [student.id, lab.id, 'flag{first}', false],
    ]);
    expect(all.items[0]).toMatchObject({ name: expect.any(String), labName: lab.name });
    const byLab = (await list(admin, id, `?labId=${lab.id}`)).json<SubmissionList>();
    expect(byLab.items.map((item) => item.flag)).toEqual([TEST_FLAG, 'flag{first}']);
    const paged = (
      await list(teacher, id, `?userId=${student.id}&pageSize=1&page=2`)
    ).json<SubmissionList>();
    expect(paged).toMatchObject({ total: 2, pageCount: 2 });
    expect(paged.items.map((item) => item.flag)).toEqual(['flag{first}']);
  });

  it('shows a member their own submissions only, never a classmate’s guesses', async () => {
    const { id } = await room();
    await submit(student, id, lab.id, 'flag{mine}');
    await submit(classmate, id, lab.id, 'flag{theirs}');
    const own = (await list(student, id)).json<SubmissionList>();
    expect(own.items.map((item) => item.flag)).toEqual(['flag{mine}']);
    expect((await list(student, id, `?userId=${student.id}`)).json()).toEqual(own);
    const theirs = await list(student, id, `?userId=${classmate.id}`);
    expect(theirs.status).toBe(403);
    expect((await list(outsider, id)).status).toBe(404);
    expect((await list(pending, id)).status).toBe(403);
  });

  it('hides the flags typed from a teacher whose classroom has another teacher’s lab', async () => {
    const [host, solver] = await Promise.all([
      signedInAs(server, 'teacher'),
      signedInAs(server, 'student'),
    ]);
    const ownLab = await createLab(host);
    const { id } = await classroom(server, host.id, {
      members: [[solver.id, 'Accepted']],
      labs: [lab.id, ownLab.id],
    });
    await submit(solver, id, lab.id, 'flag{tesu}');
    await submit(solver, id, lab.id, TEST_FLAG);
    await submit(solver, id, ownLab.id, TEST_FLAG);
    const flagsFor = async (who: Person) =>
      (await list(who, id)).json<SubmissionList>().items.map((item) => [item.labId, item.flag]);
    expect(await flagsFor(host)).toEqual([
      [ownLab.id, TEST_FLAG],
      [lab.id, null],
      [lab.id, null],
    ]);
    const correct = (await list(host, id)).json<SubmissionList>().items.map((i) => i.correct);
    expect(correct).toEqual([true, true, false]);
    const everyFlag = [
      [ownLab.id, TEST_FLAG],
      [lab.id, TEST_FLAG],
      [lab.id, 'flag{tesu}'],
    ];
    expect(await flagsFor(admin)).toEqual(everyFlag);
    expect(await flagsFor(solver)).toEqual(everyFlag);
  });
});
