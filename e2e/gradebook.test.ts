import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountDetails, testPerson } from './support/accounts';
import type { ApiClient } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { seedCourse } from './support/course';
import { addLabToClassroom, createLab, type SeededClassroom } from './support/seed';
import { REPORT_PAGE, type SignedInPageOptions, signedInPage } from './support/signed-in-page';

let app: RunningApp;

const teacher = testPerson('Tess Teacher', 'Teacher', 'grades-teacher');
// A comma in the name: the CSV must quote it.
const ada = testPerson('Lovelace, Ada', 'Student', 'grades-ada');
const bob = testPerson('Bob Student', 'Student', 'grades-bob');
const roomName = 'Web Security 101';
const labs = {
  sqli: { name: 'SQL injection basics', flag: 'HC{union-select-all}', points: 100 },
  xss: { name: 'Reflected XSS', flag: 'HC{alert-1}', points: 50 },
};
let classroom: SeededClassroom;
let labIds: Record<keyof typeof labs, string>;
let adaApi: ApiClient;
let bobApi: ApiClient;

beforeAll(async () => {
  app = await startApp();
  const course = await seedCourse(app, teacher, { name: roomName }, ada, bob);
  const { teacherApi } = course;
  ({ classroom } = course);
  [adaApi, bobApi] = course.studentApis;
  const created = await Promise.all(
    Object.values(labs).map(({ name, flag, points }) =>
      createLab(teacherApi, {
        name,
        description: 'Find the flag.',
        difficulty: 'Easy',
        category: 'Web',
        points,
        flags: [{ value: flag }],
      }),
    ),
  );
  labIds = { sqli: created[0]?.id ?? '', xss: created[1]?.id ?? '' };
  for (const id of Object.values(labIds)) await addLabToClassroom(teacherApi, classroom.id, id);
});

afterAll(async () => {
  await app?.close();
});

const signedIn = (account: AccountDetails, options: SignedInPageOptions = {}) =>
  signedInPage(app, account, { ...REPORT_PAGE, ...options });

const submit = (student: ApiClient, lab: keyof typeof labs, flag: string) =>
  student.call('POST', `/classrooms/${classroom.id}/hacking-labs/${labIds[lab]}/submissions`, {
    flag,
  });

/** Once the drawer has slid in: no transition still running. */
const settled = (page: Page) => page.waitForFunction(() => document.getAnimations().length === 0);

/** The gradebook tab, reached from the classroom's tab bar. */
async function openGradebook(page: Page) {
  await page.goto(`${app.server.url}/classrooms/${classroom.id}`);
  await page.getByRole('tab', { name: 'Gradebook' }).click();
  await page.waitForURL(`**/classrooms/${classroom.id}/gradebook`);
  return page.getByRole('table', { name: 'Gradebook' });
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Gradebook' }).getByRole('row', { name: new RegExp(name) });

const cellsOf = async (page: Page, name: string) =>
  (await rowOf(page, name).locator('th, td').allTextContents()).map((text) => text.trim());

describe('gradebook', () => {
  let teacherPage: Page;

  it('shows the teacher each student’s points per lab, live as students solve', async () => {
    await submit(adaApi, 'sqli', 'HC{guess}');
    await submit(adaApi, 'sqli', labs.sqli.flag);
    teacherPage = await signedIn(teacher);
    const page = teacherPage;
    const table = await openGradebook(page);
    // The tab's first showing loads its code and the whole gradebook: slow on a loaded machine.
    await page.getByRole('heading', { name: 'Gradebook' }).waitFor({ timeout: 60_000 });
    await table.getByRole('columnheader', { name: new RegExp(labs.sqli.name) }).waitFor();
    await rowOf(page, 'Lovelace, Ada').waitFor();
    expect(await cellsOf(page, 'Lovelace, Ada')).toEqual([
      'Lovelace, Ada',
      '100',
      '1/2',
      '—',
      '100',
    ]);
    expect(await cellsOf(page, 'Bob Student')).toEqual(['Bob Student', '0', '0/2', '—', '—']);

    // Labs by name: Reflected XSS, then SQL injection basics.
    await submit(bobApi, 'xss', labs.xss.flag);
    await rowOf(page, 'Bob Student').getByText('50', { exact: true }).first().waitFor();
    expect(await cellsOf(page, 'Bob Student')).toEqual(['Bob Student', '50', '1/2', '50', '—']);
    const solved = rowOf(page, 'Bob Student').locator('td').nth(2).locator('[title]');
    expect(await solved.getAttribute('title')).toMatch(/^Solved \w{3} \d+, \d{4}, /);

    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Points' }).click();
    await page.waitForFunction(() =>
      document
        .querySelector('table[aria-label="Gradebook"] tbody tr')
        ?.textContent?.startsWith('Lovelace'),
    );
    await page.getByRole('textbox', { name: 'Search by name' }).fill('bob');
    await rowOf(page, 'Lovelace, Ada').waitFor({ state: 'detached' });
    await page.getByRole('textbox', { name: 'Search by name' }).fill('');
    await rowOf(page, 'Lovelace, Ada').waitFor();
  });

  it('downloads the gradebook as CSV', async () => {
    const page = teacherPage;
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^web-security-101-gradebook-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Student,Email,Total,Solved,Reflected XSS points,Reflected XSS solved at,Reflected XSS late,' +
        'SQL injection basics points,SQL injection basics solved at,SQL injection basics late',
    );
    const time = '\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z';
    expect(lines[1]).toMatch(new RegExp(`^"Lovelace, Ada",${ada.email},100,1,,,,100,${time},no$`));
    expect(lines[2]).toMatch(new RegExp(`^Bob Student,${bob.email},50,1,50,${time},no,,,$`));
    expect(lines.slice(3)).toEqual(['']);
  });

  it('opens a student’s timeline of flags and solves', async () => {
    const page = teacherPage;
    await page.getByRole('button', { name: 'Lovelace, Ada: open timeline' }).click();
    const drawer = page.getByRole('dialog', { name: 'Lovelace, Ada: timeline' });
    await drawer.getByText(`Solved ${labs.sqli.name}: 100 points`).waitFor();
    const items = (await drawer.locator('.mantine-Timeline-item').allTextContents()).map((text) =>
      text.replace(/[A-Z][a-z]{2} \d+, \d{4}.*$/, ''),
    );
    expect(items).toEqual([
      `Solved ${labs.sqli.name}: 100 points`,
      `Right flag for ${labs.sqli.name}`,
      `Wrong flag for ${labs.sqli.name}`,
    ]);
    await settled(page);
    await page.screenshot({ path: '/tmp/shots/gradebook-timeline-light.png' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await settled(page);
    await page.screenshot({ path: '/tmp/shots/gradebook-light.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('reads well in dark mode', async () => {
    const page = await signedIn(teacher, { scheme: 'dark' });
    await openGradebook(page);
    await rowOf(page, 'Bob Student').waitFor();
    await page.screenshot({ path: '/tmp/shots/gradebook-dark.png', fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Bob Student: open timeline' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bob Student: timeline' });
    await drawer.getByText(`Solved ${labs.xss.name}: 50 points`).waitFor();
    await settled(page);
    await page.screenshot({ path: '/tmp/shots/gradebook-timeline-dark.png' });
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('shows a student their own row alone', async () => {
    const page = await signedIn(bob);
    await openGradebook(page);
    await page.getByRole('heading', { name: 'Your grades' }).waitFor();
    await rowOf(page, 'Bob Student').waitFor();
    expect(await cellsOf(page, 'Bob Student')).toEqual(['Bob Student', '50', '1/2', '50', '—']);
    expect(await page.getByRole('table', { name: 'Gradebook' }).locator('tbody tr').count()).toBe(
      1,
    );
    expect(await page.getByRole('button', { name: /open timeline/ }).count()).toBe(0);
    expect(await page.content()).not.toContain('Lovelace');
    await page.screenshot({ path: '/tmp/shots/gradebook-student-light.png', fullPage: true });
  });

  it('fits a phone, the table scrolling sideways under the names', async () => {
    const page = await signedIn(teacher, { viewport: { width: 375, height: 740 } });
    const table = await openGradebook(page);
    await rowOf(page, 'Bob Student').waitFor();
    await page.screenshot({ path: '/tmp/shots/gradebook-phone.png', fullPage: true });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
    const name = table.getByRole('button', { name: 'Bob Student: open timeline' });
    const before = await name.boundingBox();
    const lab = table.getByRole('columnheader', { name: new RegExp(labs.sqli.name) });
    const labBefore = await lab.boundingBox();
    // The nearest box that scrolls sideways: the table's scroll container.
    await table.evaluate((element) => {
      let scroller = element.parentElement;
      while (scroller && scroller.scrollWidth <= scroller.clientWidth) {
        scroller = scroller.parentElement;
      }
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
    });
    expect((await lab.boundingBox())?.x).toBeLessThan(labBefore?.x ?? 0);
    expect((await name.boundingBox())?.x).toBe(before?.x);
  });
});
