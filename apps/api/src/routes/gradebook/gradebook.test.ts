import type { Gradebook, Lab, Leaderboard, Timeline } from '@hackclass/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, download } from '../../../test/support/labs';
import { atMinute, solveAt } from '../../../test/support/solves';
import { classroomLabs, hintUnlocks, labHints, submissions } from '../../db/schema';
import { recountPoints } from '../../leaderboard/recount';

let server: ApiServer;
let teacher: Person;
let admin: Person;
let outsider: Person;
/** Students named Bea, Cy and Dee; Eve's name is a spreadsheet formula with a comma and quotes. */
let bea: Person;
let cy: Person;
let dee: Person;
let eve: Person;
let alpha: Lab;
let bravo: Lab;
/** Alpha's hint, costing 30. */
let hintId: string;

const minute = 60_000;
const EVE = '=HYPERLINK("x"),Eve';

beforeAll(async () => {
  server = await startApiServer();
  const named = (displayName: string) => signedInAs(server, 'student', 'student', displayName);
  [teacher, admin, outsider, bea, cy, dee, eve] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    named('Bea'),
    named('Cy'),
    named('Dee'),
    named(EVE),
  ]);
  alpha = await createLab(teacher, { name: 'Alpha', points: '100' });
  bravo = await createLab(teacher, { name: 'Bravo', points: '50' });
  const [hint] = await server.db
    .insert(labHints)
    .values({ labId: alpha.id, content: 'Look closer', cost: 30 })
    .returning();
  if (!hint) throw new Error('hint insert returned nothing');
  hintId = hint.id;
});
afterAll(() => server.close());

/** Alpha's hint unlocked by `who` in the classroom at `minutes`. */
async function unlockHint(classroomId: string, who: Person, minutes: number) {
  await server.db
    .insert(hintUnlocks)
    .values({ classroomId, userId: who.id, hintId, unlockedAt: atMinute(minutes) });
  await recountPoints(server.db, [classroomId], who.id);
}

/**
 * Alpha is due at minute 10, late solves earning half. Bea solves Alpha on time after a hint of
 * 30 and Bravo; Cy solves Alpha late; Dee and Eve solve nothing; the admin is a member too.
 */
async function course() {
  const room = await classroom(server, teacher.id, {
    members: [bea, cy, dee, eve, admin].map((who) => [who.id, 'Accepted'] as const),
    labs: [alpha.id, bravo.id],
  });
  await server.db
    .update(classroomLabs)
    .set({ dueAt: atMinute(10), latePercent: 50 })
    .where(and(eq(classroomLabs.classroomId, room.id), eq(classroomLabs.labId, alpha.id)));
  await unlockHint(room.id, bea, 1);
  await solveAt(server, room.id, bea, alpha, 5);
  await solveAt(server, room.id, bea, bravo, 6);
  await solveAt(server, room.id, cy, alpha, 20);
  return room;
}

const gradebook = async (who: Person, classroomId: string, query = '') => {
  const response = await who.session.call('GET', `/classrooms/${classroomId}/gradebook${query}`);
  expect(response.status).toBe(200);
  return response.json<Gradebook>();
};
const rows = (book: Gradebook) =>
  book.students.items.map(({ name, total, solved, cells }) => [
    name,
    total,
    solved,
    cells.map((cell) => [cell.points, cell.late, cell.hintCost]),
  ]);

describe('GET /classrooms/:id/gradebook', () => {
  it('gives managers every student’s points after late credit and hint costs', async () => {
    const room = await course();
    const book = await gradebook(teacher, room.id);
    expect(book.labs).toEqual([
      {
        id: alpha.id,
        name: 'Alpha',
        points: 100,
        dueAt: atMinute(10).toISOString(),
        latePercent: 50,
      },
      { id: bravo.id, name: 'Bravo', points: 50, dueAt: null, latePercent: 100 },
    ]);
    expect(rows(book)).toEqual([
      [
        EVE,
        0,
        0,
        [
          [0, false, 0],
          [0, false, 0],
        ],
      ],
      [
        'Bea',
        120,
        2,
        [
          [70, false, 30],
          [50, false, 0],
        ],
      ],
      [
        'Cy',
        50,
        1,
        [
          [50, true, 0],
          [0, false, 0],
        ],
      ],
      [
        'Dee',
        0,
        0,
        [
          [0, false, 0],
          [0, false, 0],
        ],
      ],
    ]);
    expect(book.students.items[1]?.cells[0]).toMatchObject({
      solved: true,
      solvedAt: atMinute(5).toISOString(),
    });
    expect(book.students.items[3]?.cells[0]).toMatchObject({ solved: false, solvedAt: null });
    expect(await gradebook(admin, room.id)).toEqual(book);
  });

  it('totals what the leaderboard shows', async () => {
    const room = await course();
    const board = (
      await bea.session.call('GET', `/classrooms/${room.id}/leaderboard`)
    ).json<Leaderboard>();
    const book = await gradebook(teacher, room.id);
    const totals = Object.fromEntries(book.students.items.map((row) => [row.userId, row.total]));
    for (const entry of board.items) expect(totals[entry.userId]).toBe(entry.points);
    for (const row of book.students.items) {
      expect(row.cells.reduce((sum, cell) => sum + cell.points, 0)).toBe(row.total);
    }
  });

  it('sorts by points, searches by name and pages', async () => {
    const room = await course();
    const byPoints = await gradebook(teacher, room.id, '?sort=points&pageSize=2');
    expect(byPoints.students.items.map((row) => row.name)).toEqual(['Bea', 'Cy']);
    expect(byPoints.students).toMatchObject({ total: 4, page: 1, pageSize: 2, pageCount: 2 });
    const found = await gradebook(teacher, room.id, '?search=d');
    expect(found.students.items.map((row) => row.name)).toEqual(['Dee']);
    const wrong = await teacher.session.call('GET', `/classrooms/${room.id}/gradebook?sort=rank`);
    expect(wrong.status).toBe(400);
  });

  it('gives a student their own row alone, and outsiders nothing', async () => {
    const room = await course();
    const own = await gradebook(cy, room.id, '?search=Bea');
    expect(own.students.items).toEqual([]);
    const mine = await gradebook(cy, room.id);
    expect(rows(mine)).toEqual([
      [
        'Cy',
        50,
        1,
        [
          [50, true, 0],
          [0, false, 0],
        ],
      ],
    ]);
    expect(mine.students.total).toBe(1);
    const hidden = await outsider.session.call('GET', `/classrooms/${room.id}/gradebook`);
    expect(hidden.status).toBe(404);
  });

  it('leaves out of a student’s gradebook the labs not open yet', async () => {
    const room = await course();
    await server.db
      .update(classroomLabs)
      .set({ opensAt: new Date(Date.now() + 60 * minute) })
      .where(and(eq(classroomLabs.classroomId, room.id), eq(classroomLabs.labId, bravo.id)));
    const mine = await gradebook(cy, room.id);
    expect(mine.labs.map((lab) => lab.name)).toEqual(['Alpha']);
    expect(mine.students.items[0]?.cells.map((cell) => cell.labId)).toEqual([alpha.id]);
    const csv = await download(server, cy.idToken, `/classrooms/${room.id}/gradebook.csv`);
    expect(csv.bytes.toString('utf8')).not.toContain('Bravo');
    const all = await gradebook(teacher, room.id);
    expect(all.labs.map((lab) => lab.name)).toEqual(['Alpha', 'Bravo']);
  });
});

describe('GET /classrooms/:id/gradebook.csv', () => {
  const csv = async (who: Person, classroomId: string) => {
    const response = await download(
      server,
      who.idToken,
      `/classrooms/${classroomId}/gradebook.csv`,
    );
    return { ...response, text: response.bytes.toString('utf8') };
  };

  it('writes every student, quoted and safe from formulas, as an attachment', async () => {
    const room = await course();
    const response = await csv(teacher, room.id);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${room.name}-gradebook\\.csv"`),
    );
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Student,Email,Total,Solved,Alpha points,Alpha solved at,Alpha late,' +
        'Bravo points,Bravo solved at,Bravo late',
      `"'=HYPERLINK(""x""),Eve",${eve.email},0,0,,,,,,`,
      `Bea,${bea.email},120,2,70,${atMinute(5).toISOString()},no,50,${atMinute(6).toISOString()},no`,
      `Cy,${cy.email},50,1,50,${atMinute(20).toISOString()},yes,,,`,
      `Dee,${dee.email},0,0,,,,,,`,
      '',
    ]);
  });

  it('writes a classroom of 5 000 students', async () => {
    const room = await course();
    await server.db.execute(sql`
      with crowd as (
        insert into users (identity_uid, email, display_name)
        select 'crowd-' || ${room.id} || '-' || n, 'crowd-' || n || '@' || ${room.id} || '.test',
          'Crowd ' || lpad(n::text, 4, '0')
        from generate_series(1, 5000) as n
        returning id
      ), joined as (
        insert into members (classroom_id, user_id, status)
        select ${room.id}, id, 'Accepted' from crowd returning user_id
      )
      insert into solves (classroom_id, user_id, lab_id, solved_at)
      select ${room.id}, user_id, ${bravo.id}, ${atMinute(30).toISOString()}::timestamptz from joined`);
    await recountPoints(server.db, [room.id]);
    const response = await csv(teacher, room.id);
    expect(response.status).toBe(200);
    const lines = response.text.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 4 + 5000);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines[3]).toMatch(/^Crowd 0001,crowd-1@[^,]+,50,1,,,,50,2026-03-02T09:30:00\.000Z,no$/);
    expect(lines.at(-1)).toMatch(/^Dee,/);
  });

  it('gives a student their own row alone', async () => {
    const room = await course();
    const response = await csv(dee, room.id);
    expect(response.status).toBe(200);
    expect(response.text).toContain(dee.email);
    expect(response.text).not.toContain(bea.email);
    expect(response.text.trim().split('\r\n')).toHaveLength(2);
    expect((await csv(outsider, room.id)).status).toBe(404);
  });
});

describe('GET /classrooms/:id/members/:userId/timeline', () => {
  it('lists a student’s flags, hints and solves, newest first, for managers', async () => {
    const room = await course();
    await server.db.insert(submissions).values([
      {
        classroomId: room.id,
        labId: alpha.id,
        userId: bea.id,
        flag: 'flag{dee}',
        correct: false,
        sharedFlagOwnerId: dee.id,
        submittedAt: atMinute(2),
      },
      {
        classroomId: room.id,
        labId: alpha.id,
        userId: bea.id,
        flag: 'x',
        correct: true,
        submittedAt: atMinute(5),
      },
    ]);
    const response = await teacher.session.call(
      'GET',
      `/classrooms/${room.id}/members/${bea.id}/timeline`,
    );
    expect(response.status).toBe(200);
    const timeline = response.json<Timeline>();
    expect(timeline.student).toEqual({ userId: bea.id, name: 'Bea' });
    expect(timeline.events.items).toEqual([
      {
        kind: 'solve',
        labId: bravo.id,
        labName: 'Bravo',
        at: atMinute(6).toISOString(),
        points: 50,
        late: false,
      },
      {
        kind: 'solve',
        labId: alpha.id,
        labName: 'Alpha',
        at: atMinute(5).toISOString(),
        points: 70,
        late: false,
      },
      {
        kind: 'submission',
        labId: alpha.id,
        labName: 'Alpha',
        at: atMinute(5).toISOString(),
        correct: true,
        sharedFlagOwner: null,
      },
      {
        kind: 'submission',
        labId: alpha.id,
        labName: 'Alpha',
        at: atMinute(2).toISOString(),
        correct: false,
        sharedFlagOwner: { id: dee.id, name: 'Dee' },
      },
      {
        kind: 'hint',
        labId: alpha.id,
        labName: 'Alpha',
        at: atMinute(1).toISOString(),
        hintNumber: 1,
        cost: 30,
      },
    ]);
    expect(JSON.stringify(timeline)).not.toContain('flag{dee}');
    const paged = (
      await admin.session.call(
        'GET',
        `/classrooms/${room.id}/members/${bea.id}/timeline?page=2&pageSize=2`,
      )
    ).json<Timeline>();
    expect(paged.events).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(paged.events.items.map((event) => event.kind)).toEqual(['submission', 'submission']);
  });

  it('refuses members, hides the classroom from outsiders and knows only its members', async () => {
    const room = await course();
    const url = `/classrooms/${room.id}/members/${bea.id}/timeline`;
    expect((await bea.session.call('GET', url)).status).toBe(403);
    expect((await outsider.session.call('GET', url)).status).toBe(404);
    const stranger = await teacher.session.call(
      'GET',
      `/classrooms/${room.id}/members/${outsider.id}/timeline`,
    );
    expect(stranger.status).toBe(404);
  });
});
