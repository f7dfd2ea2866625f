import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { seedCourse } from './support/course';
import { emulateScheme, type Scheme, screenshotsIfFailed } from './support/pages';
import { addLabToClassroom, createLab } from './support/seed';
import { signedInPages, WIDE_VIEWPORT } from './support/signed-in-page';

// Two signed-in browsers and axe runs on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: RunningApp;

const teacher = testPerson('Tess Teacher', 'Teacher');
const student = testPerson('Stan Student', 'Student');
let classroomId = '';
let warmUp = { id: '', slug: '' };
let teacherPage: Page;
let studentPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);
const labsPath = () => `/classrooms/${classroomId}/hacking-labs`;

/** A screenshot to look at, and no serious or critical axe violation. */
async function checkScreen(page: Page, name: string, scheme: Scheme) {
  await emulateScheme(page, scheme);
  await page.screenshot({ path: `/tmp/shots/schedules-${name}-${scheme}.png`, fullPage: true });
  expect(await seriousViolations(page, 'main')).toEqual([]);
}

/** A `datetime-local` value `hours` from now, in the browser's time zone. */
const localInHours = (page: Page, hours: number) =>
  page.evaluate((ahead) => {
    const date = new Date(Date.now() + ahead * 3_600_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  }, hours);

beforeAll(async () => {
  app = await startApp();
  const { classroom, teacherApi } = await seedCourse(
    app,
    teacher,
    { name: 'Injection week' },
    student,
  );
  classroomId = classroom.id;
  const lab = (name: string, flag: string) =>
    createLab(teacherApi, {
      name,
      description: `# ${name}`,
      difficulty: 'Easy',
      category: 'Web',
      points: 100,
      flags: [{ value: flag }],
    });
  warmUp = await lab('SQLi warm-up', 'HC{warm-up}');
  await lab('Union select', 'HC{union}');
  await addLabToClassroom(teacherApi, classroomId, warmUp.id);
  [teacherPage, studentPage] = await signedInPages(app, [teacher, student], {
    viewport: WIDE_VIEWPORT,
  });
});

afterEach(({ task }) =>
  screenshotsIfFailed(task, 'schedules', { teacher: teacherPage, student: studentPage }),
);

afterAll(async () => {
  await app?.close();
});

describe('schedules and unlock paths', () => {
  it('lets a teacher add a lab due tomorrow that requires another', async () => {
    const page = teacherPage;
    await open(page, labsPath());
    const form = page.getByRole('form', { name: 'Add lab' });
    await form.getByRole('combobox', { name: 'Add a lab' }).click();
    await page.getByRole('option', { name: 'Union select' }).click();
    await form.getByRole('button', { name: 'Add a schedule' }).click();
    await form.getByLabel('Due at').fill(await localInHours(page, 24));
    await form.getByRole('radio', { name: 'A percentage' }).check();
    await form
      .getByRole('textbox', { name: 'Percentage of the points a late solve earns' })
      .fill('50');
    await form.getByLabel('Requires').click();
    await page.getByRole('option', { name: 'SQLi warm-up' }).click();
    await page.keyboard.press('Escape');
    for (const scheme of ['light', 'dark'] as const) await checkScreen(page, 'add-form', scheme);
    await emulateScheme(page, 'light');
    await form.getByRole('button', { name: 'Add lab' }).click();

    const row = page.getByRole('row', { name: /Union select/ });
    await row.getByText(/^Due in 2[34] hours/).waitFor();
    await row.getByText('Due soon').waitFor();
  });

  it('refuses a requirement that would make a cycle, naming it', async () => {
    const page = teacherPage;
    await page.getByRole('button', { name: 'Edit schedule of SQLi warm-up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Schedule of SQLi warm-up' });
    await dialog.getByLabel('Requires').click();
    await page.getByRole('option', { name: 'Union select' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save schedule' }).click();
    await dialog
      .getByText(
        'SQLi warm-up cannot require Union select: Union select already requires SQLi warm-up',
      )
      .waitFor();
    for (const scheme of ['light', 'dark'] as const) await checkScreen(page, 'edit-dialog', scheme);
    await emulateScheme(page, 'light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('shows a student the locked lab and what opens it, then opens it once solved', async () => {
    const page = studentPage;
    await open(page, labsPath());
    const locked = page.getByRole('row', { name: /Union select/ });
    await locked.getByText('Locked').waitFor();
    await locked.getByText('Solve SQLi warm-up to open').waitFor();
    for (const scheme of ['light', 'dark'] as const)
      await checkScreen(page, 'student-labs', scheme);
    await emulateScheme(page, 'light');

    await open(page, '/dashboard');
    await page.getByText('Nothing due').waitFor();

    await open(page, `/hacking-labs/${warmUp.slug}?classroom=${classroomId}`);
    const flag = page.getByRole('textbox', { name: 'Flag', exact: true });
    await flag.fill('HC{warm-up}');
    await flag.press('Enter');
    await page.getByText('Correct! +100 points.').waitFor();

    await open(page, labsPath());
    const opened = page.getByRole('row', { name: /Union select/ });
    await opened.getByText('Due soon').waitFor();
    expect(await opened.getByText('Locked').count()).toBe(0);

    await open(page, '/dashboard');
    const due = page.getByRole('list', { name: 'Due dates' });
    await due.getByRole('link', { name: 'Union select' }).waitFor();
    await due.getByText('Injection week').waitFor();
    await due.getByText('Due soon').waitFor();
    for (const scheme of ['light', 'dark'] as const) await checkScreen(page, 'dashboard', scheme);
  });
});
