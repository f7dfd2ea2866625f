import type {
  Classroom,
  ClassroomAnalytics,
  Lab,
  Leaderboard,
  LeaderboardEntry,
  MemberList,
  UserActivity,
} from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab } from '../../../test/support/labs';
import { atMinute, solveAt } from '../../../test/support/solves';
import { deleteProductUser } from '../../accounts/delete-user';
import { submissions, users } from '../../db/schema';

let server: ApiServer;
let teacher: Person;
let admin: Person;
let outsider: Person;
/** Students named Bea, Cy, Dee, Zed and Amy. */
let bea: Person;
let cy: Person;
let dee: Person;
let zed: Person;
let amy: Person;
let labA: Lab;
let labB: Lab;
let labC: Lab;

beforeAll(async () => {
  server = await startApiServer();
  const named = (displayName: string) => signedInAs(server, 'student', 'student', displayName);
  [teacher, admin, outsider, bea, cy, dee, zed, amy] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    named('Bea'),
    named('Cy'),
    named('Dee'),
    named('Zed'),
    named('Amy'),
  ]);
  labA = await createLab(teacher, { name: 'Alpha', points: '100' });
  labB = await createLab(teacher, { name: 'Bravo', points: '100' });
  labC = await createLab(teacher, { name: 'Charlie', points: '50' });
});
afterAll(() => server.close());

/** Cy and Bea reach 100 (Cy first), Dee 50; Zed and Amy none; the admin is a member too. */
async function contest() {
  const room = await classroom(server, teacher.id, {
    members: [bea, cy, dee, zed, amy, admin].map((who) => [who.id, 'Accepted'] as const),
    labs: [labA.id, labB.id, labC.id],
  });
  await solveAt(server, room.id, bea, labA, 2);
  await solveAt(server, room.id, cy, labB, 1);
  await solveAt(server, room.id, dee, labC, 0);
  // Elsewhere, which counts nothing here.
  const elsewhere = await classroom(server, teacher.id, {
    members: [[zed.id, 'Accepted']],
    labs: [labA.id],
  });
  await solveAt(server, elsewhere.id, zed, labA, 0);
  return room;
}

const leaderboard = async (who: Person, classroomId: string, query = '') => {
  const response = await who.session.call('GET', `/classrooms/${classroomId}/leaderboard${query}`);
  expect(response.status).toBe(200);
  return response.json<Leaderboard>();
};
const board = async (who: Person, classroomId: string) =>
  (await leaderboard(who, classroomId)).items;
const standing = (board: LeaderboardEntry[]) =>
  board.map(({ rank, name, points, solves }) => [rank, name, points, solves]);

describe('GET /classrooms/:id/leaderboard', () => {
  it('ranks by points, ties to whoever reached them first, then those on 0 by name', async () => {
    const room = await contest();
    const ranked = await board(bea, room.id);
    expect(standing(ranked)).toEqual([
      [1, 'Cy', 100, 1],
      [2, 'Bea', 100, 1],
      [3, 'Dee', 50, 1],
      [4, 'Amy', 0, 0],
      [4, 'Zed', 0, 0],
    ]);
    expect(ranked[0]).toMatchObject({ userId: cy.id, reachedAt: atMinute(1).toISOString() });
    expect(ranked[3]?.reachedAt).toBeNull();
    expect(await board(teacher, room.id)).toEqual(ranked);
    expect(await board(admin, room.id)).toEqual(ranked);
    const hidden = await outsider.session.call('GET', `/classrooms/${room.id}/leaderboard`);
    expect(hidden.status).toBe(404);
  });

  it('pages the board, ranks counted over the whole classroom', async () => {
    const room = await contest();
    const second = await leaderboard(bea, room.id, '?page=2&pageSize=2');
    expect(standing(second.items)).toEqual([
      [3, 'Dee', 50, 1],
      [4, 'Amy', 0, 0],
    ]);
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2, pageCount: 3 });
    // Its first row ties the last of the page before: they share a rank.
    const third = await leaderboard(bea, room.id, '?page=3&pageSize=2');
    expect(standing(third.items)).toEqual([[4, 'Zed', 0, 0]]);
    const tiedPair = await leaderboard(bea, room.id, '?page=2&pageSize=1');
    expect(standing(tiedPair.items)).toEqual([[2, 'Bea', 100, 1]]);
    const past = await leaderboard(bea, room.id, '?page=9&pageSize=2');
    expect(past).toMatchObject({ items: [], total: 5, pageCount: 3 });
    const tooBig = await bea.session.call('GET', `/classrooms/${room.id}/leaderboard?pageSize=101`);
    expect(tooBig.status).toBe(400);
  });

  it('orders those on 0 by the names they have now, a nameless one by the name others see', async () => {
    const [mo, nameless] = await Promise.all([
      signedInAs(server, 'student', 'student', 'Mo'),
      signedInAs(server, 'student'),
    ]);
    await server.db.update(users).set({ displayName: null }).where(eq(users.id, nameless.id));
    const room = await classroom(server, teacher.id, {
      members: [mo, nameless, bea].map((who) => [who.id, 'Accepted'] as const),
      labs: [labA.id],
    });
    const fallback = `User ${nameless.id.slice(0, 4).toUpperCase()}`;
    const names = async () => (await board(bea, room.id)).map((entry) => entry.name);
    expect(await names()).toEqual(['Bea', 'Mo', fallback]);
    await server.db.update(users).set({ displayName: 'Al' }).where(eq(users.id, mo.id));
    await server.db.update(users).set({ displayName: 'Zo' }).where(eq(users.id, bea.id));
    expect(await names()).toEqual(['Al', fallback, 'Zo']);
    await server.db.update(users).set({ displayName: 'Bea' }).where(eq(users.id, bea.id));
  });

  it('takes a lab’s points away when the lab leaves the classroom', async () => {
    const room = await contest();
    const removed = await teacher.session.call(
      'DELETE',
      `/classrooms/${room.id}/hacking-labs/${labB.id}`,
    );
    expect(removed.status).toBe(204);
    expect(standing(await board(bea, room.id))).toEqual([
      [1, 'Bea', 100, 1],
      [2, 'Dee', 50, 1],
      [3, 'Amy', 0, 0],
      [3, 'Cy', 0, 0],
      [3, 'Zed', 0, 0],
    ]);
    const members = (
      await teacher.session.call('GET', `/classrooms/${room.id}/members?search=Cy`)
    ).json<MemberList>();
    expect(members.items.map((item) => [item.name, item.points])).toEqual([['Cy', 0]]);
  });
});

describe('points elsewhere', () => {
  it('shows labs’ solve counts and the caller’s solved marks in the classroom', async () => {
    const room = await contest();
    const response = await bea.session.call('GET', `/classrooms/${room.id}`);
    const view = response.json<Classroom>();
    expect(
      view.hackingLabs.map(({ name, solveCount, solved }) => [name, solveCount, solved]),
    ).toEqual([
      ['Alpha', 1, true],
      ['Bravo', 1, false],
      ['Charlie', 1, false],
    ]);
  });

  it('counts a lab’s solves by the members who count now, and keeps its first solver', async () => {
    const room = await contest();
    await solveAt(server, room.id, dee, labA, 1);
    await solveAt(server, room.id, bea, labB, 3);
    const labsSeen = async () =>
      (await bea.session.call('GET', `/classrooms/${room.id}`))
        .json<Classroom>()
        .hackingLabs.map(({ name, solveCount, firstSolver }) => [
          name,
          solveCount,
          firstSolver?.name ?? null,
        ]);
    expect(await labsSeen()).toEqual([
      ['Alpha', 2, 'Dee'],
      ['Bravo', 2, 'Cy'],
      ['Charlie', 1, 'Dee'],
    ]);

    const removed = await teacher.session.call(
      'DELETE',
      `/classrooms/${room.id}/members/${dee.id}`,
    );
    expect(removed.status).toBe(204);
    // Her solves stay, and come back with her; the first solve stays hers.
    expect(await labsSeen()).toEqual([
      ['Alpha', 1, 'Dee'],
      ['Bravo', 2, 'Cy'],
      ['Charlie', 0, 'Dee'],
    ]);
    const joined = await dee.session.call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });
    expect(joined.status).toBe(201);
    expect(await labsSeen()).toEqual([
      ['Alpha', 1, 'Dee'],
      ['Bravo', 2, 'Cy'],
      ['Charlie', 0, 'Dee'],
    ]);
    const approved = await teacher.session.call(
      'PATCH',
      `/classrooms/${room.id}/members/${dee.id}`,
      {
        status: 'Accepted',
      },
    );
    expect(approved.status).toBe(200);
    expect(await labsSeen()).toEqual([
      ['Alpha', 2, 'Dee'],
      ['Bravo', 2, 'Cy'],
      ['Charlie', 1, 'Dee'],
    ]);
  });

  it('moves the counts, first solvers and first-solve marks when a solver’s account goes', async () => {
    const gus = await signedInAs(server, 'student', 'student', 'Gus');
    const room = await classroom(server, teacher.id, {
      members: [gus, bea].map((who) => [who.id, 'Accepted'] as const),
      labs: [labA.id],
    });
    await solveAt(server, room.id, gus, labA, 0);
    await solveAt(server, room.id, bea, labA, 1);
    const [account] = await server.db
      .select({ identityUid: users.identityUid })
      .from(users)
      .where(eq(users.id, gus.id));
    await deleteProductUser(server.db, account?.identityUid ?? '');

    const seen = (await bea.session.call('GET', `/classrooms/${room.id}`)).json<Classroom>();
    expect(seen.hackingLabs).toMatchObject([
      { name: 'Alpha', solveCount: 1, firstSolver: { id: bea.id, name: 'Bea' } },
    ]);
    expect(await board(bea, room.id)).toMatchObject([{ name: 'Bea', firstSolves: 1, rank: 1 }]);
  });

  it('lists members with their points', async () => {
    const room = await contest();
    const list = (
      await dee.session.call('GET', `/classrooms/${room.id}/members`)
    ).json<MemberList>();
    const points = Object.fromEntries(list.items.map((item) => [item.name, item.points]));
    expect(points).toMatchObject({ Bea: 100, Cy: 100, Dee: 50, Zed: 0, Amy: 0 });
  });
});

describe('GET /classrooms/:id/analytics', () => {
  it('counts solves per day, per lab and per student for the teacher', async () => {
    const room = await classroom(server, teacher.id, {
      members: [bea, cy, dee, zed].map((who) => [who.id, 'Accepted'] as const),
      labs: [labA.id, labC.id],
    });
    const day = 24 * 60;
    await server.db.insert(submissions).values([
      { classroomId: room.id, labId: labA.id, userId: bea.id, flag: 'x', correct: false },
      { classroomId: room.id, labId: labA.id, userId: bea.id, flag: 'y', correct: true },
      { classroomId: room.id, labId: labA.id, userId: cy.id, flag: 'y', correct: true },
      { classroomId: room.id, labId: labC.id, userId: dee.id, flag: 'z', correct: false },
    ]);
    await solveAt(server, room.id, bea, labA, 0);
    await solveAt(server, room.id, cy, labA, day + 5);
    const response = await teacher.session.call('GET', `/classrooms/${room.id}/analytics`);
    expect(response.status).toBe(200);
    expect(response.json<ClassroomAnalytics>()).toEqual({
      solvesPerDay: [
        { date: '2026-03-02', count: 1 },
        { date: '2026-03-03', count: 1 },
      ],
      labs: [
        {
          labId: labA.id,
          name: 'Alpha',
          points: 100,
          solveCount: 2,
          attemptCount: 3,
          solveRate: 0.5,
        },
        {
          labId: labC.id,
          name: 'Charlie',
          points: 50,
          solveCount: 0,
          attemptCount: 1,
          solveRate: 0,
        },
      ],
      students: [
        { userId: bea.id, name: 'Bea', points: 100, solved: 1, submissions: 2 },
        { userId: cy.id, name: 'Cy', points: 100, solved: 1, submissions: 1 },
        { userId: dee.id, name: 'Dee', points: 0, solved: 0, submissions: 1 },
        { userId: zed.id, name: 'Zed', points: 0, solved: 0, submissions: 0 },
      ],
      suspectedSharedFlags: [],
    });
    const student = await bea.session.call('GET', `/classrooms/${room.id}/analytics`);
    expect(student.status).toBe(403);
  });
});

describe('GET /users/me/activity', () => {
  it('gives a student their recent solves and standings, and nothing of teaching', async () => {
    const room = await contest();
    const activity = (await bea.session.call('GET', '/users/me/activity')).json<UserActivity>();
    expect(activity.teaching).toBeUndefined();
    expect(activity.recentSolves).toContainEqual({
      classroomId: room.id,
      classroomName: room.name,
      labId: labA.id,
      labName: 'Alpha',
      labSlug: labA.slug,
      points: 100,
      solvedAt: atMinute(2).toISOString(),
    });
    expect(activity.standings).toContainEqual({
      classroomId: room.id,
      classroomName: room.name,
      rank: 2,
      points: 100,
      memberCount: 5,
    });
  });

  it('gives a teacher the requests waiting and the latest submissions, without flags', async () => {
    const room = await classroom(server, teacher.id, {
      members: [
        [bea.id, 'Accepted'],
        [outsider.id, 'PendingApproval'],
      ],
      labs: [labA.id],
    });
    await server.db.insert(submissions).values({
      classroomId: room.id,
      labId: labA.id,
      userId: bea.id,
      flag: 'secret',
      correct: false,
    });
    const activity = (await teacher.session.call('GET', '/users/me/activity')).json<UserActivity>();
    expect(activity.teaching?.pendingRequests).toContainEqual({
      classroomId: room.id,
      classroomName: room.name,
      count: 1,
    });
    const [latest] = activity.teaching?.recentSubmissions ?? [];
    expect(latest).toMatchObject({
      classroomId: room.id,
      userId: bea.id,
      name: 'Bea',
      correct: false,
    });
    expect(JSON.stringify(activity)).not.toContain('secret');
  });
});
