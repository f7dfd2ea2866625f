import type {
  Classroom,
  ClassroomAnalytics,
  FlagSubmissionResult,
  Lab,
  Leaderboard,
  UserActivity,
} from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, labForm } from '../../../test/support/labs';
import { classroomLabs, hintUnlocks, labFlags, labHints } from '../../db/schema';

let server: ApiServer;
let teacher: Person;
let ada: Person;
let grace: Person;
let linus: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, ada, grace, linus] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student', 'ada', 'Ada'),
    signedInAs(server, 'student', 'grace', 'Grace'),
    signedInAs(server, 'student', 'linus', 'Linus'),
  ]);
});
afterAll(() => server.close());

const dynamicFields = { scoring: 'dynamic', points: '500', minimumPoints: '100', decay: '2' };
const regexFlag = JSON.stringify([{ value: 'flag\\{[a-f0-9]{8}\\}', kind: 'regex' }]);

const room = (labId: string) =>
  classroom(server, teacher.id, {
    members: [
      [ada.id, 'Accepted'],
      [grace.id, 'Accepted'],
      [linus.id, 'Accepted'],
    ],
    labs: [labId],
  });

const submit = async (who: Person, classroomId: string, labId: string, flag: string) =>
  (
    await who.session.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
      flag,
    })
  ).json<FlagSubmissionResult>();

const board = async (classroomId: string) =>
  (await teacher.session.call('GET', `/classrooms/${classroomId}/leaderboard`)).json<Leaderboard>()
    .items;

const labIn = async (classroomId: string, who: Person = ada) =>
  (await who.session.call('GET', `/classrooms/${classroomId}`)).json<Classroom>().hackingLabs[0];

describe('lab scoring', () => {
  it('makes fixed labs unless told otherwise', async () => {
    const lab = await createLab(teacher);
    expect(lab).toMatchObject({ scoring: 'fixed', points: 100, minimumPoints: null, decay: null });
  });

  it('keeps a dynamic lab’s minimum and decay, and forgets them when it becomes fixed', async () => {
    const lab = await createLab(teacher, dynamicFields);
    expect(lab).toMatchObject({ scoring: 'dynamic', points: 500, minimumPoints: 100, decay: 2 });
    const edited = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({ scoring: 'fixed', points: '300', minimumPoints: '50', decay: '4' }),
    );
    expect(edited.json<Lab>()).toMatchObject({
      scoring: 'fixed',
      points: 300,
      minimumPoints: null,
      decay: null,
    });
  });

  it.each([
    ['no minimum', { scoring: 'dynamic', decay: '2' }, ['minimumPoints']],
    ['no decay', { scoring: 'dynamic', minimumPoints: '10' }, ['decay']],
    ['a minimum above the points', { ...dynamicFields, minimumPoints: '501' }, ['minimumPoints']],
    ['a decay of 0', { ...dynamicFields, decay: '0' }, ['decay']],
    ['a decay past the limit', { ...dynamicFields, decay: '10001' }, ['decay']],
    ['a minimum that is no number', { ...dynamicFields, minimumPoints: 'ten' }, ['minimumPoints']],
    ['an unknown scoring', { scoring: 'decaying' }, ['scoring']],
  ])('refuses %s, naming the field', async (_what, fields, named) => {
    const response = await teacher.session.callMultipart('POST', '/hacking-labs', labForm(fields));
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(named);
  });

  it('recounts everyone when a dynamic lab is solved again, and marks the first solver', async () => {
    const lab = await createLab(teacher, dynamicFields);
    const { id } = await room(lab.id);
    expect(await labIn(id)).toMatchObject({ points: 500, scoring: 'dynamic', firstSolver: null });
    const first = await submit(ada, id, lab.id, 'flag{test}');
    expect(first).toMatchObject({ correct: true, points: 500, message: 'Correct! +500 points.' });
    const second = await submit(grace, id, lab.id, 'flag{test}');
    // (100 − 500) / 2² · 1² + 500 = 400 for both.
    expect(second).toMatchObject({ correct: true, points: 400, message: 'Correct! +400 points.' });
    expect(
      (await board(id)).map(({ name, points, firstSolves }) => [name, points, firstSolves]),
    ).toEqual([
      ['Ada', 400, 1],
      ['Grace', 400, 0],
      ['Linus', 0, 0],
    ]);
    expect(await labIn(id, linus)).toMatchObject({
      points: 400,
      solveCount: 2,
      firstSolver: { id: ada.id, name: 'Ada' },
    });
    await submit(linus, id, lab.id, 'flag{test}');
    expect((await board(id)).map(({ points }) => points)).toEqual([100, 100, 100]);
    const activity = (await ada.session.call('GET', '/users/me/activity')).json<UserActivity>();
    expect(activity.recentSolves).toMatchObject([{ labId: lab.id, points: 100 }]);
    const analytics = await teacher.session.call('GET', `/classrooms/${id}/analytics`);
    expect(analytics.json<ClassroomAnalytics>().labs).toMatchObject([{ points: 100 }]);
  });

  it('counts solves of a dynamic lab that arrive at once', async () => {
    const lab = await createLab(teacher, dynamicFields);
    const { id } = await room(lab.id);
    await Promise.all([ada, grace, linus].map((who) => submit(who, id, lab.id, 'flag{test}')));
    expect((await board(id)).map(({ points }) => points)).toEqual([100, 100, 100]);
  });

  it('says what a late solve after a hint earns', async () => {
    const lab = await createLab(teacher);
    const { id } = await room(lab.id);
    await server.db
      .update(classroomLabs)
      .set({ dueAt: new Date(Date.now() - 60_000), latePercent: 80 })
      .where(and(eq(classroomLabs.classroomId, id), eq(classroomLabs.labId, lab.id)));
    const [hint] = await server.db
      .insert(labHints)
      .values({ labId: lab.id, content: 'Look at the cookie', cost: 10 })
      .returning();
    await server.db
      .insert(hintUnlocks)
      .values({ classroomId: id, userId: ada.id, hintId: hint?.id ?? '' });
    expect(await submit(ada, id, lab.id, 'flag{test}')).toMatchObject({
      points: 70,
      message: 'Correct! +70 points (late: 80%, hints: −10).',
    });
    expect(await submit(grace, id, lab.id, 'flag{test}')).toMatchObject({
      points: 80,
      message: 'Correct! +80 points (late: 80%).',
    });
  });

  it('recounts the classrooms with the lab when its scoring is edited', async () => {
    const lab = await createLab(teacher);
    const { id } = await room(lab.id);
    await submit(ada, id, lab.id, 'flag{test}');
    await submit(grace, id, lab.id, 'flag{test}');
    expect((await board(id)).map(({ points }) => points)).toEqual([100, 100, 0]);
    await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({ ...dynamicFields, points: '100', minimumPoints: '20' }),
    );
    expect((await board(id)).map(({ points }) => points)).toEqual([80, 80, 0]);
  });
});

describe('regular-expression flags', () => {
  it('keeps the kind, and accepts an answer the pattern matches whole', async () => {
    const lab = await createLab(teacher, {
      flags: JSON.stringify([
        { value: 'flag\\{[a-f0-9]{8}\\}', kind: 'regex', caseSensitive: false },
        { value: 'flag{exact}' },
      ]),
    });
    expect(
      lab.flags?.map(({ value, kind, caseSensitive }) => [value, kind, caseSensitive]),
    ).toEqual([
      ['flag\\{[a-f0-9]{8}\\}', 'regex', false],
      ['flag{exact}', 'exact', true],
    ]);
    const { id } = await room(lab.id);
    expect(await submit(ada, id, lab.id, 'flag{0123abcd}x')).toMatchObject({ correct: false });
    expect(await submit(ada, id, lab.id, 'flag{0123abc}')).toMatchObject({ correct: false });
    expect(await submit(ada, id, lab.id, ' FLAG{0123ABCD} ')).toMatchObject({ correct: true });
    expect(await submit(grace, id, lab.id, 'flag{exact}')).toMatchObject({ correct: true });
  });

  it('turns an exact flag into a pattern on edit', async () => {
    const lab = await createLab(teacher);
    const { id } = await room(lab.id);
    const edited = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({ flags: regexFlag }),
    );
    expect(edited.json<Lab>().flags).toMatchObject([{ kind: 'regex' }]);
    expect(await submit(ada, id, lab.id, 'flag{test}')).toMatchObject({ correct: false });
    expect(await submit(ada, id, lab.id, 'flag{deadbeef}')).toMatchObject({ correct: true });
  });

  it.each([
    ['an unclosed group', '(flag'],
    ['a look-behind RE2 does not run', '(?<=a)flag'],
    ['a back-reference', '(a)\\1'],
  ])('refuses %s, naming the flag', async (_what, pattern) => {
    const response = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({
        flags: JSON.stringify([{ value: 'flag{ok}' }, { value: pattern, kind: 'regex' }]),
      }),
    );
    expect(response.status).toBe(400);
    const { errors } = response.json<{ errors: Record<string, string[]> }>();
    expect(errors.flags?.[0]).toMatch(/^flags\[1\]: not a valid pattern: /);
  });

  it.each(['(?:\\p{L}|\\p{N}){1000}7', '(?:\\p{L}{1000})8'])(
    'refuses %s as too costly to check, in a problem saying why',
    async (pattern) => {
      const response = await teacher.session.callMultipart(
        'POST',
        '/hacking-labs',
        labForm({
          flags: JSON.stringify([{ value: pattern, kind: 'regex', caseSensitive: false }]),
        }),
      );
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: {
          flags: [
            'flags[0]: not a valid pattern: {1000} repeats more than 100 times, the most a pattern may',
          ],
        },
      });
    },
  );

  it('takes a usual pattern with a bounded repeat', async () => {
    const lab = await createLab(teacher, {
      flags: JSON.stringify([{ value: '^HC\\{[a-z0-9_]{8,32}\\}$', kind: 'regex' }]),
    });
    const { id } = await room(lab.id);
    expect(await submit(ada, id, lab.id, 'HC{short}')).toMatchObject({ correct: false });
    expect(await submit(ada, id, lab.id, 'HC{solved_it_42}')).toMatchObject({ correct: true });
  });

  it('shows, and checks answers against, a pattern stored before the cost limits', async () => {
    const lab = await createLab(teacher);
    const costly = '(?:\\p{L}|\\p{N}){1,1000}7';
    await server.db
      .update(labFlags)
      .set({ value: costly, kind: 'regex', caseSensitive: false })
      .where(eq(labFlags.labId, lab.id));
    const read = await teacher.session.call('GET', `/hacking-labs/${lab.id}`);
    expect(read.status).toBe(200);
    expect(read.json<Lab>().flags).toMatchObject([{ value: costly, kind: 'regex' }]);
    const { id } = await room(lab.id);
    expect(await submit(ada, id, lab.id, `${'x'.repeat(499)}!`)).toMatchObject({ correct: false });
    expect(await submit(ada, id, lab.id, 'Hé7')).toMatchObject({ correct: true });
    const saved = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({ flags: JSON.stringify([{ value: costly, kind: 'regex' }]) }),
    );
    expect(saved.status).toBe(400);
  });

  it('refuses a kind it does not know', async () => {
    const response = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({ flags: JSON.stringify([{ value: 'flag', kind: 'glob' }]) }),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['flags']);
  });

  it('answers at once for a pattern that backtracks catastrophically elsewhere', async () => {
    const lab = await createLab(teacher, {
      flags: JSON.stringify([{ value: '(a+)+$', kind: 'regex' }]),
    });
    const { id } = await room(lab.id);
    const started = performance.now();
    expect(await submit(ada, id, lab.id, `${'a'.repeat(499)}!`)).toMatchObject({ correct: false });
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
