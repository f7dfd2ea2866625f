import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AccountDetails, testPerson } from './support/accounts';
import { type ApiClient, signedUpClients } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { screenshotsIfFailed } from './support/pages';
import { addLabToClassroom, createClassroom, createLab } from './support/seed';
import { REPORT_PAGE, type SignedInPageOptions, signedInPage } from './support/signed-in-page';

let app: RunningApp;

const teacher = testPerson('Tess Teacher', 'Teacher', 'dash-teacher');
// A comma in the name: the CSV must quote it.
const ada = testPerson('Lovelace, Ada', 'Student', 'dash-ada');
const bob = testPerson('Bob Student', 'Student', 'dash-bob');
const roomName = 'Web Security 101';
const labName = 'SQL injection basics';
const flag = 'HC{union-select-all}';
let classroomId = '';
let labId = '';
let adaApi: ApiClient;
let bobApi: ApiClient;

beforeAll(async () => {
  app = await startApp();
  let teacherApi: ApiClient;
  [teacherApi, adaApi, bobApi] = await signedUpClients(app, teacher, ada, bob);

  const classroom = await createClassroom(teacherApi, {
    name: roomName,
    description: 'Injection, XSS and friends.',
    teacherName: teacher.name,
  });
  classroomId = classroom.id;

  labId = (
    await createLab(teacherApi, {
      name: labName,
      description: 'Log in as **admin** without the password.',
      difficulty: 'Easy',
      category: 'Web',
      points: 100,
      flags: [{ value: flag, caseSensitive: true }],
    })
  ).id;
  await addLabToClassroom(teacherApi, classroomId, labId);

  for (const student of [adaApi, bobApi]) {
    await student.call('POST', '/classrooms/join', { classroomCode: classroom.joinCode });
  }
});

afterAll(async () => {
  await app?.close();
});

/** The page the running test opened last, to look at when the test fails. */
let latestPage: Page | undefined;

afterEach(({ task }) => screenshotsIfFailed(task, 'dashboard-analytics', { latest: latestPage }));

/** A context of its own (axe needs one), signed in through the form, light unless told. */
const signedIn = async (account: AccountDetails, options: SignedInPageOptions = {}) => {
  latestPage = await signedInPage(app, account, { ...REPORT_PAGE, ...options });
  return latestPage;
};

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);
const section = (page: Page, name: string) => page.getByRole('region', { name });

const pad = (value: number) => String(value).padStart(2, '0');
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

describe('dashboard and analytics', () => {
  let teacherPage: Page;

  it('shows the teacher the requests to join, linked to the waiting members', async () => {
    teacherPage = await signedIn(teacher);
    const page = teacherPage;
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const requests = section(page, 'Join requests');
    await requests
      .getByRole('listitem')
      .filter({ hasText: roomName })
      .getByText('2 requests')
      .waitFor();
    await section(page, 'Recent activity').getByText('No submissions yet').waitFor();
    await section(page, 'Your classrooms')
      .getByRole('link', { name: new RegExp(roomName) })
      .waitFor();

    await requests.getByRole('link', { name: `Review the requests to join ${roomName}` }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/classrooms/${classroomId}/members` &&
        url.searchParams.get('status') === 'PendingApproval',
    );
    const table = page.getByRole('table', { name: 'Members' });
    for (const student of [ada, bob]) {
      await page.getByRole('button', { name: `Approve ${student.name}` }).click();
      await table
        .getByRole('row', { name: new RegExp(student.name) })
        .waitFor({ state: 'detached' });
    }
  });

  it('shows the student their classroom with rank 1 and their recent solve', async () => {
    await bobApi.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
      flag: 'HC{guess}',
    });
    await adaApi.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
      flag: 'hc{union-select-all}',
    });
    const result = await adaApi.call<{ correct: boolean; points: number }>(
      'POST',
      `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`,
      { flag },
    );
    expect(result).toMatchObject({ correct: true, points: 100 });

    const page = await signedIn(ada);
    const card = section(page, 'Your classrooms').getByRole('link', { name: new RegExp(roomName) });
    await card.getByText('Rank 1 of 2').waitFor();
    await card.getByText('100 points').waitFor();
    const solve = section(page, 'Recent solves').getByRole('listitem');
    await solve.getByRole('link', { name: labName }).waitFor();
    await solve.getByText(roomName).waitFor();
    await solve.getByText('+100 pts').waitFor();
    await solve.getByText('just now').waitFor();
    await page.screenshot({ path: '/tmp/dash-student-light.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows the teacher the latest submissions, never the flags typed', async () => {
    const page = teacherPage;
    await open(page, '/dashboard');
    const activity = page.getByRole('table', { name: 'Recent submissions' });
    const rows = activity.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toMatch(/^Lovelace, Ada.*Correct/);
    expect(await rows.nth(1).textContent()).toMatch(/^Lovelace, Ada.*Wrong/);
    expect(await rows.nth(2).textContent()).toMatch(/^Bob Student.*Wrong/);
    await section(page, 'Join requests').getByText('No requests waiting').waitFor();
    expect(await page.content()).not.toMatch(/HC\{/i);
  });

  it('charts the solves, solve rates and points, with the same numbers in tables', async () => {
    const page = teacherPage;
    await open(page, '/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Classroom' }).inputValue()).toBe(roomName);

    const solves = section(page, 'Solves per day');
    await solves.getByRole('img', { name: /^Solves per day: 1 solve from/ }).waitFor();
    await solves.getByRole('switch', { name: 'Show as table' }).check();
    const dayRows = solves.getByRole('table', { name: 'Solves per day' }).locator('tbody tr');
    // Two weeks at least, today's one solve last.
    expect(await dayRows.count()).toBe(14);
    expect(await dayRows.last().locator('td').nth(1).textContent()).toBe('1');
    expect(await dayRows.first().locator('td').nth(1).textContent()).toBe('0');

    const rates = section(page, 'Solve rate per lab');
    await rates.getByRole('img', { name: `Solve rate per lab: ${labName} 50%.` }).waitFor();
    await rates.getByRole('switch', { name: 'Show as table' }).check();
    const labRow = rates.getByRole('table', { name: 'Solve rate per lab' }).locator('tbody tr');
    expect((await labRow.locator('td').allTextContents()).map((text) => text.trim())).toEqual([
      labName,
      '100',
      '1',
      '3',
      '50%',
    ]);

    const progress = section(page, 'Progress per student');
    await progress
      .getByRole('img', { name: 'Points per student: Lovelace, Ada 100, Bob Student 0.' })
      .waitFor();
    await progress.getByRole('switch', { name: 'Show as table' }).check();
    const studentRows = progress
      .getByRole('table', { name: 'Progress per student' })
      .locator('tbody tr');
    expect(await studentRows.nth(0).locator('td').allTextContents()).toEqual([
      'Lovelace, Ada',
      '100',
      '1',
      '2',
    ]);
    expect(await studentRows.nth(1).locator('td').allTextContents()).toEqual([
      'Bob Student',
      '0',
      '0',
      '1',
    ]);
  });

  it('downloads the leaderboard and the roster as CSV', async () => {
    const page = teacherPage;
    const download = async (name: string) => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      const text = await readFile(await file.path(), 'utf8');
      return { name: file.suggestedFilename(), lines: text.replace(/^\uFEFF/, '').split('\r\n') };
    };

    const leaderboard = await download('Leaderboard CSV');
    expect(leaderboard.name).toBe(`web-security-101-leaderboard-${today()}.csv`);
    expect(leaderboard.lines[0]).toBe('Rank,Name,Points,Solves,Reached at');
    expect(leaderboard.lines[1]).toMatch(/^1,"Lovelace, Ada",100,1,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(leaderboard.lines[2]).toBe('2,Bob Student,0,0,');
    expect(leaderboard.lines).toHaveLength(3);

    const roster = await download('Roster CSV');
    expect(roster.name).toBe(`web-security-101-roster-${today()}.csv`);
    expect(roster.lines[0]).toBe('Name,Email,Status,Points');
    expect([...roster.lines.slice(1)].sort()).toEqual(
      [
        `"Lovelace, Ada",${ada.email},Accepted,100`,
        `Bob Student,${bob.email},Accepted,0`,
        `Tess Teacher,${teacher.email},Accepted,0`,
      ].sort(),
    );
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations on both pages in ${scheme} mode`, async () => {
      const page = await signedIn(teacher, { scheme });
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await page.getByRole('table', { name: 'Recent submissions' }).waitFor();
      await page.screenshot({ path: `/tmp/dash-teacher-${scheme}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);

      await open(page, '/analytics');
      await section(page, 'Solves per day').getByRole('img').waitFor();
      await section(page, 'Progress per student').getByRole('switch').check();
      await page.screenshot({ path: `/tmp/analytics-${scheme}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('fits a phone', async () => {
    const page = await signedIn(teacher, { viewport: { width: 375, height: 740 } });
    await page.getByRole('table', { name: 'Recent submissions' }).waitFor();
    await page.screenshot({ path: '/tmp/dash-teacher-phone.png', fullPage: true });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await overflow()).toBe(false);
    await open(page, '/analytics');
    await section(page, 'Solves per day').getByRole('img').waitFor();
    await page.screenshot({ path: '/tmp/analytics-phone.png', fullPage: true });
    expect(await overflow()).toBe(false);
  });
});
