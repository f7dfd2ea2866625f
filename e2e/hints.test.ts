import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seedCourse } from './support/course';
import { fillLabBasics } from './support/lab-form';
import { type Scheme, screenshotsIfFailed, settleAnimations, useScheme } from './support/pages';
import { checkScreen as checkSettledScreen } from './support/screens';
import { signedInPages, WIDE_VIEWPORT } from './support/signed-in-page';

// Two signed-in browsers and axe runs on a loaded machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let app: RunningApp;

const teacher = testPerson('Hana Teacher', 'Teacher');
const student = testPerson('Hugo Student', 'Student');
const labName = 'Session fixation';
const labSlug = 'session-fixation';
let classroomId = '';
let teacherPage: Page;
let studentPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);
const labInClassroom = () => `/hacking-labs/${labSlug}?classroom=${classroomId}`;

async function checkScreen(page: Page, name: string, scheme: Scheme) {
  // A modal fades in: the screenshot and axe see it settled.
  await settleAnimations(page);
  await checkSettledScreen(page, `hints-${name}`, scheme);
}

beforeAll(async () => {
  app = await startApp();
  const { classroom } = await seedCourse(app, teacher, { name: 'Sessions and cookies' }, student);
  classroomId = classroom.id;
  [teacherPage, studentPage] = await signedInPages(app, [teacher, student], {
    viewport: WIDE_VIEWPORT,
  });
});

afterEach(({ task }) =>
  screenshotsIfFailed(task, 'hints', { teacher: teacherPage, student: studentPage }),
);

afterAll(async () => {
  await app?.close();
});

describe('hints', () => {
  it('lets a teacher give a lab two hints, one costing points, in the order chosen', async () => {
    const page = teacherPage;
    await open(page, '/hacking-labs/create');
    await page.getByRole('heading', { name: 'Create lab', level: 1 }).waitFor();
    await fillLabBasics(page, { name: labName, difficulty: 'Easy', category: 'Web', points: 100 });
    await page.getByRole('textbox', { name: 'Flag 1' }).fill('HC{fixed-session}');

    await page.getByRole('button', { name: 'Add hint' }).click();
    await page
      .getByRole('textbox', { name: 'Hint 1 text' })
      .fill('Set the **session id** yourself.');
    await page.getByRole('textbox', { name: 'Hint 1 cost' }).fill('40');
    // By keyboard: "Add hint" takes Enter and moves the focus into the new hint.
    await page.getByRole('button', { name: 'Add hint' }).focus();
    await page.keyboard.press('Enter');
    const second = page.getByRole('textbox', { name: 'Hint 2 text' });
    await expect
      .poll(() => second.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.type('Look at the login form.');
    // The free hint first.
    await page.getByRole('button', { name: 'Move hint 2 up' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Hint 1 text' }).inputValue())
      .toBe('Look at the login form.');
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.waitForURL((url) => url.pathname === `/hacking-labs/${labSlug}`);
    await page.getByText('Lab created').waitFor();

    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('group', { name: 'Hint 2' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Hint 2 text' }).inputValue()).toBe(
      'Set the **session id** yourself.',
    );
    expect(await page.getByRole('textbox', { name: 'Hint 2 cost' }).inputValue()).toBe('40');
    await checkScreen(page, 'lab-form', 'light');

    await open(page, `/hacking-labs/${labSlug}/add-to-classroom`);
    await page.getByRole('radio', { name: /Sessions and cookies/ }).click();
    await page.getByRole('button', { name: 'Add to classroom' }).click();
    await page.getByText('Lab added').waitFor();
  });

  it('lets a student unlock the free hint at once and the costly one after confirming', async () => {
    const page = studentPage;
    await open(page, labInClassroom());
    const hints = page.getByRole('region', { name: 'Hints', exact: true });
    await hints.getByText('Hint 1 · free').waitFor();
    await hints.getByText('Hint 2 · costs 40 points').waitFor();
    expect(await hints.getByText('Look at the login form.').count()).toBe(0);

    await hints.getByRole('button', { name: 'Unlock hint 1' }).click();
    await hints.getByText('Look at the login form.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // By keyboard; Cancel has the focus, so Escape and Enter unlock nothing.
    await hints.getByRole('button', { name: 'Unlock hint 2' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Unlock hint 2?' });
    await dialog
      .getByText('Unlocking costs 40 points of what this lab earns you. Unlock?')
      .waitFor();
    await checkScreen(page, 'confirm', 'light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await hints.getByText('session id').count()).toBe(0);

    await hints.getByRole('button', { name: 'Unlock hint 2' }).click();
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await hints.getByText('session id', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect(await hints.getByText('Unlocked').count()).toBe(2);
    await checkScreen(page, 'student', 'light');

    const flag = page.getByRole('textbox', { name: 'Flag', exact: true });
    await flag.fill('HC{fixed-session}');
    await flag.press('Enter');
    await page.getByText('You have 60 points in this classroom.').waitFor();

    await useScheme(page, 'dark');
    await hints.getByText('session id', { exact: true }).waitFor();
    await checkScreen(page, 'student', 'dark');
    await useScheme(page, 'light');
  });

  it('shows the teacher who unlocked which hint when, and the cost on the leaderboard', async () => {
    const page = teacherPage;
    await open(page, labInClassroom());
    const used = page.getByRole('region', { name: 'Hints used' });
    const items = used.getByRole('listitem');
    await items.nth(1).waitFor();
    expect(await items.count()).toBe(2);
    // Newest first.
    expect(await items.nth(0).textContent()).toContain('Hint 2 · costs 40 points');
    expect(await items.nth(1).textContent()).toContain('Hint 1 · free');
    expect(await items.nth(0).textContent()).toContain(student.name);
    expect(await items.nth(0).locator('time').getAttribute('datetime')).toMatch(/Z$/);
    // The teacher reads every hint, and unlocks none.
    const hints = page.getByRole('region', { name: 'Hints', exact: true });
    await hints.getByText('Look at the login form.').waitFor();
    expect(await hints.getByRole('button', { name: /Unlock/ }).count()).toBe(0);
    await checkScreen(page, 'teacher', 'light');
    await useScheme(page, 'dark');
    await used.getByRole('listitem').first().waitFor();
    await checkScreen(page, 'teacher', 'dark');
    await useScheme(page, 'light');

    await open(page, `/classrooms/${classroomId}`);
    const board = page.getByRole('table', { name: 'Leaderboard' });
    await board
      .getByRole('row', { name: new RegExp(student.name) })
      .getByRole('cell', { name: '60', exact: true })
      .waitFor();
  });
});
