import type { ClassroomHint, HintUnlockList, Lab, Leaderboard } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  type Person,
  signedInAs,
  startApiServer,
  watchClassroom,
} from '../../../test/support';
import { classroom, createLab, labForm, TEST_FLAG } from '../../../test/support/labs';

let server: ApiServer;
let teacher: Person;
let admin: Person;
let student: Person;
let classmate: Person;
let outsider: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, admin, student, classmate, outsider] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

const hinted = (hints: unknown[], fields: Record<string, string> = {}) =>
  createLab(teacher, { points: '100', hints: JSON.stringify(hints), ...fields });

const twoHints = () =>
  hinted([{ content: 'Look at the **cookies**' }, { content: 'Try `admin`', cost: 30 }]);

const room = (labId: string) =>
  classroom(server, teacher.id, {
    members: [
      [student.id, 'Accepted'],
      [classmate.id, 'Accepted'],
    ],
    labs: [labId],
  });

const hintsPath = (classroomId: string, labId: string) =>
  `/classrooms/${classroomId}/hacking-labs/${labId}/hints`;

const listHints = (who: Person, classroomId: string, labId: string) =>
  who.session.call('GET', hintsPath(classroomId, labId));

const unlock = (who: Person, classroomId: string, labId: string, hintId: string) =>
  who.session.call('POST', `${hintsPath(classroomId, labId)}/${hintId}/unlock`);

const pointsOf = async (classroomId: string, userId: string) => {
  const board = (
    await teacher.session.call('GET', `/classrooms/${classroomId}/leaderboard`)
  ).json<Leaderboard>();
  return board.items.find((entry) => entry.userId === userId)?.points;
};

const solve = (who: Person, classroomId: string, labId: string) =>
  who.session.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
    flag: TEST_FLAG,
  });

describe('hints on the lab form', () => {
  it('stores hints in order, free unless they cost, and shows them to editors only', async () => {
    const lab = await twoHints();
    expect(lab.hints).toEqual([
      { id: expect.any(String), content: 'Look at the **cookies**', cost: 0 },
      { id: expect.any(String), content: 'Try `admin`', cost: 30 },
    ]);
    await room(lab.id);
    const seen = (await student.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>();
    expect(seen.hints).toBeUndefined();
    expect((await admin.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>().hints).toEqual(
      lab.hints,
    );
  });

  it('keeps the ids (and unlocks) of hints sent back, adds new ones, drops the rest', async () => {
    const lab = await hinted([{ content: 'one' }, { content: 'two', cost: 5 }, { content: 'x' }]);
    const [one, two] = lab.hints ?? [];
    const { id } = await room(lab.id);
    await unlock(student, id, lab.id, two?.id ?? '');
    const edit = labForm({
      name: lab.name,
      hints: JSON.stringify([
        { id: two?.id, content: 'two, clearer', cost: 10 },
        { content: 'new' },
        { id: one?.id, content: 'one' },
      ]),
    });
    const response = await teacher.session.callMultipart('PUT', `/hacking-labs/${lab.id}`, edit);
    expect(response.status).toBe(200);
    expect(response.json<Lab>().hints).toEqual([
      { id: two?.id, content: 'two, clearer', cost: 10 },
      { id: expect.any(String), content: 'new', cost: 0 },
      { id: one?.id, content: 'one', cost: 0 },
    ]);
    const list = (await listHints(student, id, lab.id)).json<ClassroomHint[]>();
    expect(list.map((hint) => [hint.position, hint.unlocked, hint.content])).toEqual([
      [1, true, 'two, clearer'],
      [2, false, null],
      [3, false, null],
    ]);
  });

  it('moves scores when an edit changes an unlocked hint’s cost or drops it', async () => {
    const lab = await twoHints();
    const { id } = await room(lab.id);
    const [free, costly] = lab.hints ?? [];
    await unlock(student, id, lab.id, costly?.id ?? '');
    await solve(student, id, lab.id);
    expect(await pointsOf(id, student.id)).toBe(70);
    const edit = (hints: unknown[]) =>
      teacher.session.callMultipart(
        'PUT',
        `/hacking-labs/${lab.id}`,
        labForm({ name: lab.name, hints: JSON.stringify(hints) }),
      );
    await edit([free, { ...costly, cost: 45 }]);
    expect(await pointsOf(id, student.id)).toBe(55);
    await edit([free]);
    expect(await pointsOf(id, student.id)).toBe(100);
  });

  it('leaves hints out when the field is left out, and an edit without it removes them', async () => {
    const lab = await createLab(teacher);
    expect(lab.hints).toEqual([]);
    const hintedLab = await twoHints();
    const edit = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${hintedLab.id}`,
      labForm({ name: hintedLab.name }),
    );
    expect(edit.json<Lab>().hints).toEqual([]);
  });

  it.each([
    ['not JSON', '{', 'Send the hints as a JSON array'],
    ['no content', '[{"content":"  "}]', 'Enter the hint'],
    ['a negative cost', '[{"content":"a","cost":-1}]', 'A hint’s cost is at least 0'],
    ['a fractional cost', '[{"content":"a","cost":1.5}]', 'whole number'],
    ['a cost above the maximum', '[{"content":"a","cost":10001}]', 'at most 10000'],
    ['too long content', JSON.stringify([{ content: 'a'.repeat(2001) }]), 'at most 2000'],
    ['too many', JSON.stringify(Array.from({ length: 11 }, () => ({ content: 'a' }))), '10'],
    [
      'one id twice',
      JSON.stringify([
        { id: '00000000-0000-4000-8000-000000000000', content: 'a' },
        { id: '00000000-0000-4000-8000-000000000000', content: 'b' },
      ]),
      'once',
    ],
  ])('refuses hints with %s, naming the field', async (_case, hints, message) => {
    const response = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({ hints }),
    );
    expect(response.status).toBe(400);
    const problem = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(problem.errors)).toEqual(['hints']);
    expect(problem.errors.hints?.join(' ')).toContain(message);
  });
});

describe('GET /classrooms/:id/hacking-labs/:labId/hints', () => {
  it('lists costs to members and hides content until unlocked; managers read it all', async () => {
    const lab = await twoHints();
    const { id } = await room(lab.id);
    const list = (await listHints(student, id, lab.id)).json<ClassroomHint[]>();
    expect(list).toEqual([
      {
        id: lab.hints?.[0]?.id,
        position: 1,
        cost: 0,
        unlocked: false,
        unlockedAt: null,
        content: null,
      },
      {
        id: lab.hints?.[1]?.id,
        position: 2,
        cost: 30,
        unlocked: false,
        unlockedAt: null,
        content: null,
      },
    ]);
    const managed = (await listHints(teacher, id, lab.id)).json<ClassroomHint[]>();
    expect(managed.map((hint) => hint.content)).toEqual(['Look at the **cookies**', 'Try `admin`']);
  });

  it('answers 404 to outsiders and for a lab the classroom does not have', async () => {
    const lab = await twoHints();
    const other = await twoHints();
    const { id } = await room(lab.id);
    expect((await listHints(outsider, id, lab.id)).status).toBe(404);
    expect((await listHints(student, id, other.id)).status).toBe(404);
  });
});

describe('POST /classrooms/:id/hacking-labs/:labId/hints/:hintId/unlock', () => {
  it('gives the content, once: a second unlock answers the same at no further cost', async () => {
    const lab = await twoHints();
    const { id } = await room(lab.id);
    const hintId = lab.hints?.[1]?.id ?? '';
    const first = await unlock(student, id, lab.id, hintId);
    expect(first.status).toBe(200);
    const hint = first.json<ClassroomHint>();
    expect(hint).toMatchObject({ id: hintId, position: 2, cost: 30, unlocked: true });
    expect(hint.content).toBe('Try `admin`');
    expect((await unlock(student, id, lab.id, hintId)).json()).toEqual(hint);
    await solve(student, id, lab.id);
    expect(await pointsOf(id, student.id)).toBe(70);
  });

  it('takes the cost off a solved lab’s points on the leaderboard, the member’s only', async () => {
    const lab = await twoHints();
    const { id } = await room(lab.id);
    await solve(student, id, lab.id);
    await solve(classmate, id, lab.id);
    expect(await pointsOf(id, student.id)).toBe(100);
    await unlock(student, id, lab.id, lab.hints?.[0]?.id ?? '');
    expect(await pointsOf(id, student.id)).toBe(100);
    await unlock(student, id, lab.id, lab.hints?.[1]?.id ?? '');
    expect(await pointsOf(id, student.id)).toBe(70);
    expect(await pointsOf(id, classmate.id)).toBe(100);
  });

  it('never takes a lab below 0 points', async () => {
    const lab = await hinted(
      [
        { content: 'a', cost: 80 },
        { content: 'b', cost: 80 },
      ],
      {
        points: '100',
      },
    );
    const { id } = await room(lab.id);
    for (const hint of lab.hints ?? []) await unlock(student, id, lab.id, hint.id);
    await solve(student, id, lab.id);
    expect(await pointsOf(id, student.id)).toBe(0);
  });

  it('counts the cost per classroom', async () => {
    const lab = await twoHints();
    const [first, second] = [await room(lab.id), await room(lab.id)];
    await unlock(student, first.id, lab.id, lab.hints?.[1]?.id ?? '');
    await solve(student, first.id, lab.id);
    await solve(student, second.id, lab.id);
    expect(await pointsOf(first.id, student.id)).toBe(70);
    expect(await pointsOf(second.id, student.id)).toBe(100);
    const list = (await listHints(student, second.id, lab.id)).json<ClassroomHint[]>();
    expect(list.every((hint) => !hint.unlocked)).toBe(true);
  });

  it('tells the classroom’s open pages when an unlock moves a solved lab’s points', async () => {
    const lab = await twoHints();
    const { id } = await room(lab.id);
    const watcher = await watchClassroom(server.origin, teacher.idToken, id);
    try {
      await watcher.nextFrame();
      const frameOf = (type: string) => expect.stringContaining(`"type":"${type}"`);
      // Before a solve an unlock moves no points: the first frame is the solve's.
      await unlock(student, id, lab.id, lab.hints?.[0]?.id ?? '');
      await solve(student, id, lab.id);
      expect(await watcher.nextFrame()).toEqual(frameOf('solve'));
      await unlock(student, id, lab.id, lab.hints?.[1]?.id ?? '');
      expect(await watcher.nextFrame()).toEqual(frameOf('members'));
      // Unlocking again moves nothing.
      await unlock(student, id, lab.id, lab.hints?.[1]?.id ?? '');
      await solve(classmate, id, lab.id);
      expect(await watcher.nextFrame()).toEqual(frameOf('solve'));
    } finally {
      watcher.close();
    }
  });

  it('refuses outsiders (404), the teacher (403) and a hint of another lab (404)', async () => {
    const lab = await twoHints();
    const other = await twoHints();
    const { id } = await room(lab.id);
    const hintId = lab.hints?.[0]?.id ?? '';
    expect((await unlock(outsider, id, lab.id, hintId)).status).toBe(404);
    expect((await unlock(teacher, id, lab.id, hintId)).status).toBe(403);
    const foreign = await unlock(student, id, lab.id, other.hints?.[0]?.id ?? '');
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'not_found' });
  });
});

describe('GET /classrooms/:id/hint-unlocks', () => {
  it('lists who unlocked which hint when, newest first, filtered by lab and paged', async () => {
    const lab = await twoHints();
    const other = await twoHints();
    const { id } = await classroom(server, teacher.id, {
      members: [
        [student.id, 'Accepted'],
        [classmate.id, 'Accepted'],
      ],
      labs: [lab.id, other.id],
    });
    await unlock(student, id, lab.id, lab.hints?.[1]?.id ?? '');
    await unlock(classmate, id, lab.id, lab.hints?.[0]?.id ?? '');
    await unlock(classmate, id, other.id, other.hints?.[0]?.id ?? '');
    const all = (
      await teacher.session.call('GET', `/classrooms/${id}/hint-unlocks`)
    ).json<HintUnlockList>();
    expect(all.total).toBe(3);
    expect(all.items.map((item) => [item.user.id, item.labId, item.position])).toEqual([
      [classmate.id, other.id, 1],
      [classmate.id, lab.id, 1],
      [student.id, lab.id, 2],
    ]);
    expect(all.items[2]).toMatchObject({ labName: lab.name, cost: 30 });
    const page = (
      await teacher.session.call(
        'GET',
        `/classrooms/${id}/hint-unlocks?labId=${lab.id}&pageSize=1&page=2`,
      )
    ).json<HintUnlockList>();
    expect(page).toMatchObject({ total: 2, page: 2, pageSize: 1, pageCount: 2 });
    expect(page.items.map((item) => item.user.id)).toEqual([student.id]);
  });

  it('is for the classroom’s managers only', async () => {
    const lab = await twoHints();
    const { id } = await room(lab.id);
    const as = (who: Person) => who.session.call('GET', `/classrooms/${id}/hint-unlocks`);
    expect((await as(admin)).status).toBe(200);
    expect((await as(student)).status).toBe(403);
    expect((await as(outsider)).status).toBe(404);
  });
});
