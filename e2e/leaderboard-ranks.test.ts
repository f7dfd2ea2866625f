import type { Leaderboard } from '@hackclass/contracts';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { type ApiClient, signedUpClients } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { screenshotsIfFailed } from './support/pages';
import { checkScreen } from './support/screens';
import { addLabToClassroom, createClassroom, createLab, joinAndApprove } from './support/seed';
import { signedInPage, WIDE_VIEWPORT } from './support/signed-in-page';

let app: RunningApp;

const teacher = testPerson('Tess Teacher', 'Teacher', 'ranks-teacher');
// Zoe solves first, so she leads Ada on the same points although Ada comes first by name.
const zoe = testPerson('Zoe Zeta', 'Student', 'ranks-zoe');
const ada = testPerson('Ada Alpha', 'Student', 'ranks-ada');
const bo = testPerson('Bo Beta', 'Student', 'ranks-bo');
const cy = testPerson('Cy Gamma', 'Student', 'ranks-cy');
const flag = 'HC{ties-go-to-the-first}';
let classroomId = '';
let teacherApi: ApiClient;
let page: Page | undefined;

beforeAll(async () => {
  app = await startApp();
  const [teacherClient, ...students] = await signedUpClients(app, teacher, zoe, ada, bo, cy);
  teacherApi = teacherClient;
  const classroom = await createClassroom(teacherApi, {
    name: 'Ranks 101',
    teacherName: teacher.name,
  });
  classroomId = classroom.id;
  const lab = await createLab(teacherApi, {
    name: 'Tie breaker',
    description: 'Solve it first.',
    difficulty: 'Easy',
    category: 'Web',
    points: 100,
    flags: [{ value: flag }],
  });
  await addLabToClassroom(teacherApi, classroomId, lab.id);
  for (const student of students) await joinAndApprove(teacherApi, student, classroom);
  const [zoeApi, adaApi] = students;
  for (const solver of [zoeApi, adaApi]) {
    await solver.call('POST', `/classrooms/${classroomId}/hacking-labs/${lab.id}/submissions`, {
      flag,
    });
  }
});

afterEach(({ task }) => screenshotsIfFailed(task, 'leaderboard-ranks', { teacher: page }));

afterAll(async () => {
  await app?.close();
});

/** The leaderboard's rows as the page shows them: rank, name (without marks), points. */
const shownRows = (board: ReturnType<Page['getByRole']>) =>
  board.getByRole('row').evaluateAll((rows) =>
    rows.slice(1).map((row) => {
      const [rank, member, points] = Array.from(row.querySelectorAll('td'));
      return [rank?.textContent, member?.querySelector('p')?.textContent, points?.textContent];
    }),
  );

describe('the classroom’s leaderboard', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`shows the API’s ranks, ties and all, and no teacher (${scheme})`, async () => {
      page = await signedInPage(app, teacher, { viewport: WIDE_VIEWPORT, scheme });
      await page.goto(`${app.server.url}/classrooms/${classroomId}`);
      const board = page.getByRole('table', { name: 'Leaderboard' });
      await board.getByRole('row', { name: new RegExp(cy.name) }).waitFor();

      const expected = [
        ['1', zoe.name, '100'],
        ['2', ada.name, '100'],
        ['3', bo.name, '0'],
        ['3', cy.name, '0'],
      ];
      expect(await shownRows(board)).toEqual(expected);
      const api = await teacherApi.call<Leaderboard>(
        'GET',
        `/classrooms/${classroomId}/leaderboard`,
      );
      expect(
        api.items.map(({ rank, name, points }) => [String(rank), name, String(points)]),
      ).toEqual(expected);
      await checkScreen(page, 'leaderboard-ranks', scheme);
    });
  }
});
