import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seedCourse } from './support/course';
import { fillLabBasics } from './support/lab-form';
import { screenshotsIfFailed, useScheme } from './support/pages';
import { checkScreen } from './support/screens';
import { signedInPages, WIDE_VIEWPORT } from './support/signed-in-page';

// Two signed-in browsers and axe runs on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: RunningApp;

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');
const labName = 'Cookie tampering';
const labSlug = 'cookie-tampering';
let classroomId = '';
let teacherPage: Page;
let studentPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

beforeAll(async () => {
  app = await startApp();
  const { classroom } = await seedCourse(app, teacher, { name: 'Web hacking club' }, student);
  classroomId = classroom.id;
  [teacherPage, studentPage] = await signedInPages(app, [teacher, student], {
    viewport: WIDE_VIEWPORT,
  });
});

afterEach(({ task }) =>
  screenshotsIfFailed(task, 'live-leaderboard', { teacher: teacherPage, student: studentPage }),
);

afterAll(async () => {
  await app?.close();
});

describe('solving labs live', () => {
  it('lets a teacher create a lab with two flags, one of any case, and edit it', async () => {
    const page = teacherPage;
    await open(page, '/hacking-labs/create');
    await page.getByRole('heading', { name: 'Create lab', level: 1 }).waitFor();
    await fillLabBasics(page, { name: labName, difficulty: 'Easy', category: 'Web', points: 100 });

    // An empty flag is refused before anything is sent.
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.getByText('Enter the flag').waitFor();

    await page.getByRole('textbox', { name: 'Flag 1' }).fill('HC{first-flag}');
    // By keyboard: "Add flag" takes Enter and moves the focus into the new row.
    await page.getByRole('button', { name: 'Add flag' }).focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('textbox', { name: 'Flag 2' });
    await expect
      .poll(() => second.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.type('HC{first-flag}');
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.getByText('This flag is already listed').waitFor();
    await second.fill('HC{Admin-Cookie}');
    await page
      .getByRole('group', { name: 'Flag 2' })
      .getByRole('switch', { name: 'Any case' })
      .click();
    expect(await page.getByRole('button', { name: 'Remove flag 1' }).isEnabled()).toBe(true);
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('session=guest'),
    });
    await page.getByRole('list', { name: 'Chosen files' }).getByText('notes.txt').waitFor();
    await page.getByRole('button', { name: 'Create lab' }).click();

    await page.waitForURL((url) => url.pathname === `/hacking-labs/${labSlug}`);
    await page.getByText('Lab created').waitFor();
    await page.getByText('100 points').waitFor();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/hacking-labs/${labSlug}/edit`);
    await page.getByRole('heading', { name: 'Edit lab', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Edit lab | HackClass');
    // The flags come back as the server lists them, not necessarily in the order typed.
    const flagRows = async () => {
      const rows: Record<string, boolean> = {};
      for (const row of [1, 2]) {
        const group = page.getByRole('group', { name: `Flag ${row}` });
        const value = await group.getByRole('textbox').inputValue();
        rows[value] = await group.getByRole('switch', { name: 'Any case' }).isChecked();
      }
      return rows;
    };
    await page.getByRole('group', { name: 'Flag 2' }).waitFor();
    expect(await flagRows()).toEqual({ 'HC{first-flag}': false, 'HC{Admin-Cookie}': true });
    await checkScreen(page, 'live-leaderboard-edit-lab', 'light');

    await page.getByLabel('Points').fill('150');
    await page.getByRole('checkbox', { name: 'Remove notes.txt' }).check();
    await page.locator('input[type=file]').setInputFiles({
      name: 'hint.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Cookies are signed with an empty key.'),
    });
    await page
      .getByRole('textbox')
      .and(page.locator('[value="HC{first-flag}"]'))
      .fill('HC{edited-flag}');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Lab saved').waitFor();
    await page.waitForURL((url) => url.pathname === `/hacking-labs/${labSlug}`);
    await page.getByText('150 points').waitFor();
    const files = page.getByRole('region', { name: 'Files' });
    await files.getByRole('link', { name: 'hint.txt' }).waitFor();
    expect(await files.getByText('notes.txt').count()).toBe(0);

    await useScheme(page, 'dark');
    await open(page, `/hacking-labs/${labSlug}/edit`);
    await page.getByRole('group', { name: 'Flag 2' }).waitFor();
    expect(await flagRows()).toEqual({ 'HC{edited-flag}': false, 'HC{Admin-Cookie}': true });
    await checkScreen(page, 'live-leaderboard-edit-lab', 'dark');

    await open(page, `/hacking-labs/${labSlug}/add-to-classroom`);
    await page.getByRole('radio', { name: /Web hacking club/ }).click();
    await page.getByRole('button', { name: 'Add to classroom' }).click();
    await page.getByText('Lab added').waitFor();
    await useScheme(page, 'light');
  });

  it('shows a student’s solve on the teacher’s open leaderboard and lab list without a reload', async () => {
    await open(teacherPage, `/classrooms/${classroomId}`);
    const board = teacherPage.getByRole('table', { name: 'Leaderboard' });
    const studentRow = board.getByRole('row', { name: new RegExp(student.name) });
    await studentRow.getByRole('cell', { name: '0', exact: true }).waitFor();
    // A second tab of the teacher keeps the classroom's lab list open.
    const teacherLabs = await teacherPage.context().newPage();
    await open(teacherLabs, `/classrooms/${classroomId}/hacking-labs`);
    const teacherLabRow = teacherLabs.getByRole('row', { name: new RegExp(labName) });
    await expect.poll(() => teacherLabRow.getByTestId('solve-count').textContent()).toBe('0');

    const page = studentPage;
    await open(page, `/classrooms/${classroomId}/hacking-labs`);
    await page
      .getByRole('row', { name: new RegExp(labName) })
      .getByRole('link')
      .click();
    await page.waitForURL(
      (url) =>
        url.pathname === `/hacking-labs/${labSlug}` &&
        url.searchParams.get('classroom') === classroomId,
    );
    await page.getByRole('heading', { name: 'Submit a flag' }).waitFor();
    const flag = page.getByRole('textbox', { name: 'Flag', exact: true });

    await flag.fill('HC{first-flag}');
    await flag.press('Enter');
    await page.getByText('That is not the flag. Try again.').waitFor();
    expect(await flag.inputValue()).toBe('HC{first-flag}');

    // The second flag accepts any case.
    await flag.fill('hc{admin-cookie}');
    await flag.press('Enter');
    await page.getByText('Correct! +150 points.').waitFor();
    await page.getByText('You have 150 points in this classroom.').waitFor();
    expect(await flag.inputValue()).toBe('');
    await page.getByText('Solved', { exact: true }).first().waitFor();

    await studentRow.getByRole('cell', { name: '150', exact: true }).waitFor();
    await expect.poll(() => teacherLabRow.getByTestId('solve-count').textContent()).toBe('1');
    await checkScreen(page, 'live-leaderboard-flag-form', 'light');

    await flag.fill('HC{edited-flag}');
    await flag.press('Enter');
    await page.getByText('you had already solved this lab').waitFor();

    await useScheme(page, 'dark');
    await flag.fill('HC{wrong}');
    await flag.press('Enter');
    await page.getByText('That is not the flag. Try again.').waitFor();
    await checkScreen(page, 'live-leaderboard-flag-form', 'dark');

    // Ten flags a minute per lab: the next ones wait, with the seconds to go.
    const submitButton = page.getByRole('button', { name: 'Submit' });
    for (let sent = 0; sent < 12; sent += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/submissions'));
      await flag.press('Enter');
      if ((await answered).status() === 429) break;
      await expect.poll(() => submitButton.getAttribute('data-loading')).toBeNull();
    }
    await page.getByText(/Too many attempts, try again in \d+ s/).waitFor();
    expect(await submitButton.isDisabled()).toBe(true);
    expect(await flag.inputValue()).toBe('HC{wrong}');

    await open(page, `/classrooms/${classroomId}/hacking-labs`);
    const row = page.getByRole('row', { name: new RegExp(labName) });
    await row.getByText('Solved', { exact: true }).waitFor();
    expect(await row.getByTestId('solve-count').textContent()).toBe('1');
    await page.screenshot({ path: '/tmp/shots/live-leaderboard-classroom-labs-dark.png' });
  });
});
