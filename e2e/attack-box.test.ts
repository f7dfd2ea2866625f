import { buildBoxImage, buildTestImage } from '@hackclass/engine/testing';
import Docker from 'dockerode';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type ApiClient, signedUpClients } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme, type Scheme } from './support/pages';
import { addLabToClassroom, createClassroom, createLab, joinAndApprove } from './support/seed';
import { signedInPage } from './support/signed-in-page';
import { portWindow, removeTargetsOf } from './support/targets';

// Images to build, boxes and targets to start and three signed-in browsers on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

// A TCP target that hands every connection its per-student flag.
const FLAG_SCRIPT = `printf '#!/bin/busybox sh\\necho "your flag: $HACKCLASS_FLAG"\\n' > /tmp/give
/bin/busybox chmod +x /tmp/give
exec /bin/busybox nc -ll -p 9000 -e /tmp/give
`;

let app: RunningApp;
let flagImage: Awaited<ReturnType<typeof buildTestImage>> | undefined;
let boxImage: Awaited<ReturnType<typeof buildBoxImage>> | undefined;

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');
const buddy = testPerson('Bea Buddy', 'Student');
let teacherApi: ApiClient;
let studentApi: ApiClient;
let buddyApi: ApiClient;
let classroomId = '';
let labId = '';
let labSlug = '';
let studentPage: Page;
let buddyPage: Page;
let teacherPage: Page;

const wide = { viewport: { width: 1280, height: 900 } };
const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

/** What the terminal on the page shows now, row by row. */
const screenOf = async (page: Page) =>
  (await page.locator('.xterm-rows').first().locator(':scope > div').allTextContents()).join('\n');

/** Types a line in the page's terminal, as a student at the keyboard. */
async function typeLine(page: Page, line: string) {
  await page.getByTestId('terminal').click();
  await page.keyboard.type(line);
  await page.keyboard.press('Enter');
}

/** Waits until the terminal shows `text`. */
const waitForScreen = (page: Page, text: string | RegExp) =>
  expect.poll(() => screenOf(page), { timeout: 30_000 }).toMatch(text);

/** A screenshot to look at, and no serious or critical axe violation, in both colour modes. */
async function checkScreen(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] satisfies Scheme[]) {
    await emulateScheme(page, scheme);
    await page.screenshot({ path: `/tmp/attack-box-${name}-${scheme}.png` });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await emulateScheme(page, 'light');
}

/** The student's box from its drawer: Start terminal, then connected. */
async function startBoxIn(page: Page) {
  await open(page, `/hacking-labs/${labSlug}?classroom=${classroomId}`);
  await page.getByRole('button', { name: 'Open terminal' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your attack box' });
  await drawer.getByRole('button', { name: 'Start terminal' }).click({ timeout: 60_000 });
  await drawer.getByRole('status').getByText('Connected').waitFor({ timeout: 60_000 });
  return drawer;
}

beforeAll(async () => {
  [flagImage, boxImage] = await Promise.all([
    buildTestImage('flag', FLAG_SCRIPT, 9000),
    buildBoxImage(),
  ]);
  app = await startApp({
    LABS_DRIVER: 'docker',
    LAB_PORT_RANGE: portWindow(),
    TEACHER_APPROVAL: 'false',
    ATTACKBOX_IMAGE: boxImage.image,
    ATTACKBOX_MEMORY_MB: '64',
    ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
  });
  [teacherApi, studentApi, buddyApi] = await signedUpClients(app, teacher, student, buddy);
  const classroom = await createClassroom(teacherApi, {
    name: 'Network club',
    teacherName: teacher.name,
  });
  classroomId = classroom.id;
  await joinAndApprove(teacherApi, studentApi, classroom);
  await joinAndApprove(teacherApi, buddyApi, classroom);
  const lab = await createLab(
    teacherApi,
    {
      name: 'Listening post',
      description: 'Connect to the service and read what it says.',
      difficulty: 'Easy',
      category: 'Networking',
      points: 100,
      flags: [],
      target: {
        image: flagImage.image,
        port: 9000,
        kind: 'tcp',
        flagMode: 'per-student',
        memoryMb: 32,
      },
    },
    { 'notes.txt': 'The service listens on port 9000.' },
  );
  labId = lab.id;
  labSlug = lab.slug;
  await addLabToClassroom(teacherApi, classroomId, lab.id);
  [studentPage, buddyPage, teacherPage] = await Promise.all([
    signedInPage(app, student, wide),
    signedInPage(app, buddy, wide),
    signedInPage(app, teacher, wide),
  ]);
});

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  await studentPage?.screenshot({ path: '/tmp/attack-box-failed-student.png', fullPage: true });
  await teacherPage?.screenshot({ path: '/tmp/attack-box-failed-teacher.png', fullPage: true });
});

afterAll(async () => {
  await app?.close();
  const images = [flagImage?.image, boxImage?.image].filter((image) => image !== undefined);
  await removeTargetsOf(images);
  await Promise.allSettled([flagImage?.remove(), boxImage?.remove()]);
});

describe('the attack box', () => {
  it('reads a per-student TCP target’s flag in the browser’s terminal, and solves the lab', async () => {
    const page = studentPage;
    await open(page, `/hacking-labs/${labSlug}?classroom=${classroomId}`);
    await page.getByRole('button', { name: 'Start target' }).click();
    await page.getByTestId('target-state').getByText('Running').waitFor({ timeout: 60_000 });

    const drawer = await startBoxIn(page);
    // Started from the lab's page: its files are in the box already (said in a notice that goes
    // by itself, so before the screens are checked), and a click puts them again.
    await page.getByText(`One file of Listening post in ~/labs/${labSlug}`).first().waitFor();
    await checkScreen(page, 'drawer');
    await drawer
      .getByRole('button', { name: `Put this lab’s files in ~/labs/${labSlug}` })
      .waitFor();
    await typeLine(page, `cat ~/labs/${labSlug}/notes.txt`);
    await waitForScreen(page, /The service listens on port 9000\./);
    await typeLine(page, `nc ${labSlug} 9000`);
    await waitForScreen(page, /your flag: HC\{[^}\s]+\}/);
    const flag = /your flag: (HC\{[^}\s]+\})/.exec(await screenOf(page))?.[1] ?? '';
    await page.keyboard.press('Control+C');
    await drawer.getByRole('button', { name: /Close the terminal/ }).click();

    const flagInput = page.getByRole('textbox', { name: 'Flag', exact: true });
    await flagInput.fill(flag);
    await flagInput.press('Enter');
    await page.getByText('You have 100 points in this classroom.').waitFor();
  });

  it('keeps another student’s box from the first one’s target, the host and loopback', async () => {
    const sidTarget = (
      await studentApi.call<{ target: { id: string } }>(
        'GET',
        `/classrooms/${classroomId}/labs/${labId}/target`,
      )
    ).target.id;
    const docker = new Docker();
    const info = await docker.getContainer(`hackclass-${sidTarget}`).inspect();
    const sidAddress = info.NetworkSettings.Networks[`hackclass-${sidTarget}`]?.IPAddress ?? '';
    expect(sidAddress).not.toBe('');

    await startBoxIn(buddyPage);
    const port = new URL(app.server.url).port;
    await typeLine(buddyPage, `nc -w 2 ${labSlug} 9000; echo name-$?`);
    await waitForScreen(buddyPage, /name-\d/);
    await typeLine(buddyPage, `nc -w 2 ${sidAddress} 9000; echo address-$?`);
    await waitForScreen(buddyPage, /address-\d/);
    await typeLine(
      buddyPage,
      `ip route | grep default | cut -d' ' -f3 > /tmp/gw; nc -w 2 $(cat /tmp/gw) ${port} </dev/null; echo host-$?`,
    );
    await waitForScreen(buddyPage, /host-\d/);
    await typeLine(buddyPage, `nc -w 2 127.0.0.1 ${port} </dev/null; echo loopback-$?`);
    await waitForScreen(buddyPage, /loopback-\d/);
    const screen = await screenOf(buddyPage);
    expect(screen).not.toContain('your flag');
    for (const probe of ['name', 'address', 'host', 'loopback']) {
      expect(screen).toMatch(new RegExp(`${probe}-[1-9]`));
    }
  });

  it('lets the teacher watch, read-only, and tells the student', async () => {
    await open(teacherPage, `/classrooms/${classroomId}/targets`);
    const row = teacherPage.getByRole('row', { name: /Sid Student.*Attack box/ });
    const link = row.getByRole('link', { name: /Watch Sid Student’s terminal/ });
    // It opens in a tab of its own; this test follows it in the teacher's.
    expect(await link.getAttribute('target')).toBe('_blank');
    await link.evaluate((anchor) => anchor.removeAttribute('target'));
    await link.click();
    const watch = teacherPage;
    await watch
      .getByRole('status')
      .getByText(/watching, read-only/)
      .waitFor({ timeout: 30_000 });
    await waitForScreen(watch, /your flag: HC\{/);

    await open(studentPage, '/terminal');
    await studentPage
      .getByText(/Tara Teacher is watching your terminal/)
      .waitFor({ timeout: 30_000 });
    await typeLine(watch, 'echo typed-by-teacher');
    await typeLine(studentPage, 'echo typed-by-$((1+1))-student');
    await waitForScreen(watch, /typed-by-2-student/);
    expect(await screenOf(studentPage)).not.toContain('typed-by-teacher');
    await checkScreen(watch, 'watch');
    await open(watch, '/dashboard');
    await studentPage.getByText(/is watching your terminal/).waitFor({ state: 'detached' });
  });

  it('brings the session back after a reload, with its screen', async () => {
    await typeLine(studentPage, 'echo before-reload-$((20+1))');
    await waitForScreen(studentPage, /before-reload-21/);
    await studentPage.reload();
    await studentPage.getByRole('status').getByText('Connected').waitFor({ timeout: 30_000 });
    await waitForScreen(studentPage, /before-reload-21/);
    await checkScreen(studentPage, 'full-page');
    await typeLine(studentPage, 'echo after-reload-$((40+2))');
    await waitForScreen(studentPage, /after-reload-42/);
  });

  it('is used with the keyboard alone, and leaves the terminal with Ctrl+]', async () => {
    await studentPage.getByTestId('terminal').click();
    await studentPage.keyboard.press('Control+]');
    expect(
      await studentPage.evaluate(() =>
        Boolean(document.activeElement?.closest('[data-testid="terminal"]')),
      ),
    ).toBe(false);
    await studentPage.getByRole('switch', { name: 'Screen reader mode' }).check();
    await studentPage.locator('.xterm-accessibility').waitFor({ state: 'attached' });
  });
});
