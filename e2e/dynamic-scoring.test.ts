import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import type { ApiClient } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { seedCourse } from './support/course';
import { fillLabBasics } from './support/lab-form';
import { emulateScheme, screenshotsIfFailed } from './support/pages';
import { addLabToClassroom } from './support/seed';
import { signedInPages, WIDE_VIEWPORT } from './support/signed-in-page';

// Two signed-in browsers and axe runs on a loaded machine.
vi.setConfig({ testTimeout: 150_000, hookTimeout: 120_000 });

let app: RunningApp;

const teacher = testPerson('Tess Teacher', 'Teacher');
const ada = testPerson('Ada Lovelace', 'Student');
const grace = testPerson('Grace Hopper', 'Student');
const labName = 'Hex token';
const labSlug = 'hex-token';
let classroomId = '';
let labId = '';
let teacherApi: ApiClient;
let graceApi: ApiClient;
let teacherPage: Page;
let adaPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

/** A screenshot in each colour mode to look at, and no serious or critical axe violation. */
async function checkScreen(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await emulateScheme(page, scheme);
    await page.screenshot({ path: `/tmp/shots/dynamic-scoring-${name}-${scheme}.png` });
    expect(await seriousViolations(page, 'main')).toEqual([]);
  }
  await emulateScheme(page, 'light');
}

beforeAll(async () => {
  app = await startApp();
  const course = await seedCourse(app, teacher, { name: 'Capture the flag club' }, ada, grace);
  teacherApi = course.teacherApi;
  [, graceApi] = course.studentApis;
  classroomId = course.classroom.id;
  [teacherPage, adaPage] = await signedInPages(app, [teacher, ada], { viewport: WIDE_VIEWPORT });
});

afterEach(({ task }) =>
  screenshotsIfFailed(task, 'dynamic-scoring', { teacher: teacherPage, student: adaPage }),
);

afterAll(async () => {
  await app?.close();
});

describe('dynamic scoring and pattern flags', () => {
  it('lets a teacher make a dynamic lab whose flag is a regular expression', async () => {
    const page = teacherPage;
    await open(page, '/hacking-labs/create');
    await page.getByRole('heading', { name: 'Create lab', level: 1 }).waitFor();
    await fillLabBasics(page, {
      name: labName,
      difficulty: 'Easy',
      category: 'Crypto',
      points: 500,
    });
    await page.getByText('Dynamic', { exact: true }).click();
    await page.getByLabel('Minimum points').fill('600');
    await page.getByLabel('Decay').fill('2');
    const flag = page.getByRole('textbox', { name: 'Flag 1' });
    await page.getByRole('combobox', { name: 'Kind of flag 1' }).click();
    await page.getByRole('option', { name: 'Regular expression' }).click();
    await page.getByText('Matched whole, e.g. flag\\{[a-f0-9]{8}\\}').waitFor();
    await flag.fill('HC\\{[a-f0-9{8}\\}');
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.getByText('The minimum must not exceed the points').waitFor();
    await page.getByText(/^Not a valid pattern: /).waitFor();

    await page.getByLabel('Minimum points').fill('100');
    await flag.fill('HC\\{[a-f0-9]{8}\\}');
    await page.getByLabel('Minimum points').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -200));
    await checkScreen(page, 'lab-form');
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.waitForURL((url) => url.pathname === `/hacking-labs/${labSlug}`);
    await page.getByText('500 down to 100 points, dynamic').waitFor();

    ({ id: labId } = await teacherApi.call<{ id: string }>('GET', `/hacking-labs/${labSlug}`));
    await addLabToClassroom(teacherApi, classroomId, labId);
  });

  it('lowers everyone’s points live as more students solve it, and marks the first solver', async () => {
    const page = adaPage;
    await open(page, `/classrooms/${classroomId}/hacking-labs`);
    const labRow = page.getByRole('row', { name: new RegExp(labName) });
    await labRow.getByText('500', { exact: true }).waitFor();
    await labRow.getByRole('link', { name: labName }).click();
    await page.getByRole('heading', { name: 'Submit a flag' }).waitFor();
    await page.getByText('worth 500 points now').waitFor();
    const flag = page.getByRole('textbox', { name: 'Flag', exact: true });
    await flag.fill('HC{0123abcd}!');
    await flag.press('Enter');
    await page.getByText('That is not the flag. Try again.').waitFor();
    await flag.fill(' HC{0123abcd} ');
    await flag.press('Enter');
    await page.getByText('Correct! +500 points.').waitFor();
    await page.getByText(`First solved by ${ada.name}`).waitFor();

    await open(page, `/classrooms/${classroomId}`);
    const board = page.getByRole('table', { name: 'Leaderboard' });
    const adaRow = board.getByRole('row', { name: new RegExp(ada.name) });
    await adaRow.getByRole('cell', { name: '500', exact: true }).waitFor();
    await adaRow.getByRole('img', { name: 'First to solve 1 lab' }).waitFor();

    // Grace solves in her own browser's stead; Ada's open leaderboard follows without a reload.
    const solved = await graceApi.call<{ message: string }>(
      'POST',
      `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`,
      { flag: 'HC{deadbeef}' },
    );
    expect(solved.message).toBe('Correct! +400 points.');
    await adaRow.getByRole('cell', { name: '400', exact: true }).waitFor();
    const graceRow = board.getByRole('row', { name: new RegExp(grace.name) });
    await graceRow.getByRole('cell', { name: '400', exact: true }).waitFor();
    expect(await graceRow.getByRole('img').count()).toBe(0);
    await adaRow.getByRole('img', { name: 'First to solve 1 lab' }).hover();
    await page.getByRole('tooltip', { name: 'First to solve 1 lab' }).waitFor();
    await checkScreen(page, 'leaderboard');

    await open(teacherPage, `/classrooms/${classroomId}/hacking-labs`);
    const teacherRow = teacherPage.getByRole('row', { name: new RegExp(labName) });
    await teacherRow.getByText(`First solved by ${ada.name}`).waitFor();
    await teacherRow.getByLabel(/^400 points now\./).waitFor();
    await checkScreen(teacherPage, 'classroom-labs');
  });
});
