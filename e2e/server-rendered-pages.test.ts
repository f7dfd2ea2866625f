import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountDetails, testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seedCourse } from './support/course';
import { settleAnimations } from './support/pages';
import { signedInPage } from './support/signed-in-page';

const teacher = testPerson('Sara Server', 'Teacher');
const student = testPerson('Stu Server', 'Student');
const CLASSROOM = 'Rendered Room';

let app: RunningApp;
let classroomPath: string;

beforeAll(async () => {
  app = await startApp();
  const { classroom } = await seedCourse(app, teacher, { name: CLASSROOM }, student);
  classroomPath = `/classrooms/${classroom.id}`;
});

afterAll(() => app.close());

const pageSessionOf = async (context: BrowserContext) =>
  (await context.cookies()).find(({ name }) => name === 'hackclass_session');

/** Signed in through the login form, once the app has handed the server its page session. */
async function signedInContext(
  person: AccountDetails = teacher,
  scheme: 'light' | 'dark' = 'light',
): Promise<BrowserContext> {
  const page = await signedInPage(app, person, { scheme });
  const context = page.context();
  await expect
    .poll(() => pageSessionOf(context))
    .toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  await page.close();
  return context;
}

/** A page of the context with none of the app's code: what the server rendered, alone. */
async function withoutTheApp(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(`${app.server.url}${path}`);
  return page;
}

interface Shifts {
  total: number;
  /** What moved, for a failure's message: each shift's value and the elements it moved. */
  moved: string[];
}

/** Adds up the page's layout shifts from its first paint on, as Core Web Vitals' CLS does. */
const countShifts = (page: Page) =>
  page.addInitScript(() => {
    const shifts: Shifts = { total: 0, moved: [] };
    Object.assign(window, { shifts });
    type LayoutShift = PerformanceEntry & { value: number; sources: { node?: Node }[] };
    const named = (node?: Node) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${node.className} "${node.textContent?.slice(0, 40)}"`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShift[]) {
        shifts.total += entry.value;
        shifts.moved.push(
          `${entry.value.toFixed(3)} at ${entry.startTime.toFixed(0)} ms: ${entry.sources
            .map(({ node }) => named(node))
            .join(', ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

describe('signed-in pages rendered by the server', () => {
  it('show the dashboard and a classroom with their data before any of the app’s code, as the app then shows them, in either colour mode', async () => {
    // The teacher's dashboard, and the classroom as a student sees it (a teacher's has the
    // announcement editor, whose height the app sets to its rows, to within a pixel).
    const pages = [
      { person: teacher, path: '/dashboard', title: 'Dashboard | HackClass', heading: 'Dashboard' },
      {
        person: student,
        path: classroomPath,
        title: `${CLASSROOM} | HackClass`,
        heading: CLASSROOM,
      },
    ];
    for (const scheme of ['light', 'dark'] as const) {
      for (const { person, path, title, heading } of pages) {
        const context = await signedInContext(person, scheme);
        const rendered = await withoutTheApp(context, path);
        expect(await rendered.title()).toBe(title);
        await rendered.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await rendered.getByText(CLASSROOM).first().waitFor();
        const before = await rendered.screenshot({ fullPage: true });

        const page = await context.newPage();
        await countShifts(page);
        await page.goto(`${app.server.url}${path}`);
        await page.locator('#root:not([data-prerendered])').waitFor();
        await page.getByRole('button', { name: /^Account menu/ }).waitFor();
        await expect.poll(() => page.title()).toBe(title);
        await settleAnimations(page);
        const shown = () => page.screenshot({ fullPage: true });
        // Its live streams keep the network busy: the page is compared until it has settled.
        await expect
          .poll(async () => before.equals(await shown()), { message: `${path} in ${scheme} mode` })
          .toBe(true);
        const shifts = await page.evaluate(() => (window as { shifts?: Shifts }).shifts);
        expect(shifts?.total, `${path} in ${scheme} mode moved: ${shifts?.moved.join('; ')}`).toBe(
          0,
        );

        await context.close();
      }
    }
  });

  it('are the app’s once it has taken over: its links, menus and data work as on any page', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/dashboard`);
    await page.locator('#root:not([data-prerendered])').waitFor();
    await page
      .getByRole('link', { name: new RegExp(CLASSROOM) })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === classroomPath);
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByText(student.name).waitFor();
    // A press as soon as the server's page shows reaches the app's control, not a dead copy.
    await page.goto(`${app.server.url}${classroomPath}`);
    await page.getByRole('tab', { name: 'Hacking labs' }).click();
    await page.waitForURL((url) => url.pathname === `${classroomPath}/hacking-labs`);
    // Signing out drops the page session: the next visit renders nothing of the teacher's.
    await page.getByRole('button', { name: `Account menu of ${teacher.name}` }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => pageSessionOf(context)).toBeUndefined();
    const after = await withoutTheApp(context, '/dashboard');
    expect(await after.content()).not.toContain(CLASSROOM);
    await context.close();
  });

  it('show nothing of a user the browser no longer holds a session for', async () => {
    const context = await signedInContext();
    // The identity SDK's saved user is gone (cleared by hand, or by another tab's sign-out),
    // cleared where no app runs that could save it again.
    const clearing = await withoutTheApp(context, '/login');
    await clearing.evaluate(() => localStorage.clear());
    await clearing.close();
    const rendered = await withoutTheApp(context, '/dashboard');
    expect(await rendered.locator('#root').innerHTML()).toBe('');
    expect(await rendered.locator('#page-data').count()).toBe(0);
    // And the app, once it runs, asks them to sign in.
    const live = await context.newPage();
    await live.goto(`${app.server.url}/dashboard`);
    await live.waitForURL((url) => url.pathname === '/login');
    // Which drops the session the server still held.
    await expect.poll(() => pageSessionOf(context)).toBeUndefined();
    await context.close();
  });
});
