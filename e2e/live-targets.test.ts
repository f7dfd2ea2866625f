import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { buildTestImages } from '@hackclass/engine/testing';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type ApiClient, signedUpClients } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { fillLabBasics } from './support/lab-form';
import { emulateScheme, type Scheme } from './support/pages';
import { addLabToClassroom, createClassroom, createLab, joinAndApprove } from './support/seed';
import { signedInPage } from './support/signed-in-page';
import { portWindow, removeTargetsOf } from './support/targets';

// Images to build, containers to start and three signed-in browsers on a loaded machine.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 240_000 });

let app: RunningApp;
let images: Awaited<ReturnType<typeof buildTestImages>> | undefined;

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Sid Student', 'Student');
const buddy = testPerson('Bea Buddy', 'Student');
// ADMIN_EMAILS makes her an admin once her email is verified.
const admin = testPerson('Ada Admin');
const labName = 'Admin panel takeover';
const labSlug = 'admin-panel-takeover';
let teacherApi: ApiClient;
let buddyApi: ApiClient;
let labId = '';
/** The flag Sid's target handed out, as read through the proxy. */
let sidFlag = '';
let classroomId = '';
let teacherPage: Page;
let studentPage: Page;

const wide = { viewport: { width: 1280, height: 900 } };
const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

/** A screenshot to look at, and no serious or critical axe violation, in both colour modes. */
async function checkScreen(page: Page, name: string, include?: string) {
  for (const scheme of ['light', 'dark'] satisfies Scheme[]) {
    await emulateScheme(page, scheme);
    await page.screenshot({ path: `/tmp/targets-${name}-${scheme}.png`, fullPage: true });
    expect(await seriousViolations(page, include)).toEqual([]);
  }
  await emulateScheme(page, 'light');
}

/** The first line a process writes on `stream`. */
const firstLineOf = (stream: Readable) =>
  new Promise<string>((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.split('\n')[0] ?? '');
    });
    stream.once('end', () => reject(new Error(`no line: ${text}`)));
  });

beforeAll(async () => {
  images = await buildTestImages();
  app = await startApp({
    LABS_DRIVER: 'docker',
    LAB_PORT_RANGE: portWindow(),
    // Teachers sign up as teachers here; approval, on by default with targets, has tests of its own.
    TEACHER_APPROVAL: 'false',
    ADMIN_EMAILS: admin.email,
    // The server process inherits no environment: the engine these tests reach, if not the default.
    ...(process.env.DOCKER_HOST ? { DOCKER_HOST: process.env.DOCKER_HOST } : {}),
  });
  const clients = await signedUpClients(app, teacher, student, admin, buddy);
  [teacherApi, , , buddyApi] = clients;
  const classroom = await createClassroom(teacherApi, {
    name: 'Web hacking club',
    teacherName: teacher.name,
  });
  classroomId = classroom.id;
  await joinAndApprove(teacherApi, clients[1], classroom);
  await joinAndApprove(teacherApi, buddyApi, classroom);
  [teacherPage, studentPage] = await Promise.all([
    signedInPage(app, teacher, { ...wide, acceptDownloads: true }),
    signedInPage(app, student, { ...wide, acceptDownloads: true }),
  ]);
});

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  await teacherPage?.screenshot({ path: '/tmp/targets-failed-teacher.png', fullPage: true });
  await studentPage?.screenshot({ path: '/tmp/targets-failed-student.png', fullPage: true });
});

afterAll(async () => {
  await app?.close();
  if (images) {
    await removeTargetsOf([images.web, images.echo]);
    await images.remove();
  }
});

describe('live targets', () => {
  it('lets a teacher define a per-student HTTP target in the lab form', async () => {
    const page = teacherPage;
    const image = images?.web ?? '';
    await open(page, '/hacking-labs/create');
    await page.getByRole('heading', { name: 'Create lab', level: 1 }).waitFor();
    await fillLabBasics(page, { name: labName, difficulty: 'Easy', category: 'Web', points: 200 });

    await page.getByRole('switch', { name: 'This lab has a live target' }).click();
    const imageInput = page.getByRole('textbox', { name: 'Image' });
    await imageInput.fill('Not An Image');
    await page.getByRole('button', { name: 'Check image' }).click();
    await page.getByText(/Enter an image reference such as/).waitFor();
    await imageInput.fill(image);
    await page.getByRole('button', { name: 'Check image' }).click();
    await page.getByRole('status').getByText('Present').waitFor();
    await page.getByLabel('Port').fill('8080');

    // Static flags need a flag of the lab's own; per student, the flags become optional.
    await page.getByRole('button', { name: 'Create lab' }).click();
    await page.getByText('Enter the flag').waitFor();
    // The segmented control's radios are hidden behind their labels.
    await page.getByText('Per student', { exact: true }).click();
    await page.getByText(/The lab’s flags above become optional/).waitFor();
    await page.getByRole('switch', { name: 'Outbound network' }).click();
    await page.getByText(/can then reach the internet/).waitFor();
    await page.getByRole('switch', { name: 'Outbound network' }).click();
    await page.getByRole('button', { name: 'Create lab' }).click();

    await page.waitForURL((url) => url.pathname === `/hacking-labs/${labSlug}`);
    await page.getByText('Lab created').waitFor();

    // Editing shows the saved definition.
    await open(page, `/hacking-labs/${labSlug}/edit`);
    await page.getByRole('heading', { name: 'Edit lab', level: 1 }).waitFor();
    expect(await page.getByRole('switch', { name: 'This lab has a live target' }).isChecked()).toBe(
      true,
    );
    expect(await page.getByRole('textbox', { name: 'Image' }).inputValue()).toBe(image);
    expect(await page.getByRole('radio', { name: 'Per student' }).isChecked()).toBe(true);
    expect(await page.getByLabel('Flag prefix').inputValue()).toBe('HC{');
    await checkScreen(page, 'lab-form', 'main');

    labId = (await teacherApi.call<{ id: string }>('GET', `/hacking-labs/${labSlug}`)).id;
    await addLabToClassroom(teacherApi, classroomId, labId);
  });

  it('lets a student start the target, open it through the proxy and submit its flag', async () => {
    const page = studentPage;
    await open(page, `/hacking-labs/${labSlug}?classroom=${classroomId}`);
    const panel = page.getByRole('region', { name: 'Live target' });
    await panel.getByText('Your target holds a flag of its own').waitFor();
    await expect.poll(() => page.title()).toBe(`${labName} | HackClass`);

    // A double click makes one target.
    await panel.getByRole('button', { name: 'Start target' }).dblclick();
    await panel.getByTestId('target-state').getByText('Running').waitFor({ timeout: 60_000 });
    await panel.getByTestId('target-time-left').waitFor();
    expect(await panel.getByTestId('target-time-left').textContent()).toMatch(/^\d+:\d\d(:\d\d)?$/);
    await checkScreen(page, 'lab-panel');

    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      panel.getByRole('button', { name: 'Open target' }).click(),
    ]);
    await tab.waitForURL((url) => url.hostname.endsWith('.localhost'));
    await tab.getByRole('heading', { name: 'Test target' }).waitFor();
    const flag = /Flag: (\S+)/.exec((await tab.locator('p').textContent()) ?? '')?.[1] ?? '';
    expect(flag).toMatch(/^HC\{.+\}$/);
    sidFlag = flag;
    await tab.close();

    const flagInput = page.getByRole('textbox', { name: 'Flag', exact: true });
    await flagInput.fill(flag);
    await flagInput.press('Enter');
    await page.getByText('You have 200 points in this classroom.').waitFor();

    await open(page, `/classrooms/${classroomId}`);
    const board = page.getByRole('table', { name: 'Leaderboard' });
    await board
      .getByRole('row', { name: new RegExp(student.name) })
      .getByRole('cell', { name: '200', exact: true })
      .waitFor();
  });

  it('shows the teacher the running target in the classroom’s Targets tab, where they stop it', async () => {
    const page = teacherPage;
    await open(page, `/classrooms/${classroomId}`);
    await page.getByRole('tab', { name: 'Targets' }).click();
    await page.waitForURL((url) => url.pathname === `/classrooms/${classroomId}/targets`);
    await expect.poll(() => page.title()).toBe('Targets – Web hacking club | HackClass');
    const table = page.getByRole('table', { name: 'Active targets' });
    const row = table.getByRole('row', { name: new RegExp(student.name) });
    await row.getByText(labName).waitFor();
    await row.getByText('Running').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    await checkScreen(page, 'classroom-targets', 'main');

    // The teacher opens the student's target as the student does, through the proxy.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      row
        .getByRole('button', {
          name: `Open ${student.name}’s target for ${labName} (opens a new tab)`,
        })
        .click(),
    ]);
    await tab.waitForURL((url) => url.hostname.endsWith('.localhost'));
    await tab.getByRole('heading', { name: 'Test target' }).waitFor();
    expect(await tab.locator('p').textContent()).toContain(`Flag: ${sidFlag}`);
    await tab.close();

    await page.getByLabel('Maximum running targets').fill('25');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Target limit saved').waitFor();

    // Admins see it too, among every classroom's targets.
    const adminPage = await signedInPage(app, admin, wide);
    await open(adminPage, '/admin/targets');
    await adminPage.getByRole('heading', { name: 'Targets', level: 1 }).waitFor();
    await expect.poll(() => adminPage.title()).toBe('Targets | HackClass');
    const adminRow = adminPage
      .getByRole('table', { name: 'Active targets' })
      .getByRole('row', { name: new RegExp(student.name) });
    await adminRow.getByText('Web hacking club').waitFor();
    await checkScreen(adminPage, 'admin-targets', 'main');

    await row.getByRole('button', { name: /^Stop/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop target' });
    await dialog.getByText(`Stop ${student.name}’s target for ${labName}?`).waitFor();
    await dialog.getByRole('button', { name: 'Stop target' }).click();
    await page.getByText('No running targets').waitFor({ timeout: 30_000 });

    // The student's panel learns it: the target stopped, and a new one may start.
    await open(studentPage, `/hacking-labs/${labSlug}?classroom=${classroomId}`);
    const panel = studentPage.getByRole('region', { name: 'Live target' });
    await panel.getByRole('button', { name: 'Start target' }).click();
    await panel.getByTestId('target-state').getByText('Running').waitFor({ timeout: 60_000 });

    // Stop all: the list shows them stopping at once, and empty as soon as they are stopped.
    await row.getByText('Running').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop all' }).click();
    await page
      .getByRole('dialog', { name: 'Stop all targets' })
      .getByRole('button', { name: 'Stop 1 target' })
      .click();
    await page.getByText('1 target stopped').waitFor();
    await page.getByText('No running targets').waitFor({ timeout: 8_000 });
    expect(await page.getByRole('button', { name: 'Stop all' }).isDisabled()).toBe(true);
  });

  it('shows the teacher a flag passed from one student to another as a suspected shared flag', async () => {
    const refused = await buddyApi.call<{ correct: boolean }>(
      'POST',
      `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`,
      { flag: sidFlag },
    );
    expect(refused.correct).toBe(false);

    const page = teacherPage;
    await open(page, '/dashboard');
    const submission = page
      .getByRole('table', { name: 'Recent submissions' })
      .getByRole('row', { name: new RegExp(buddy.name) });
    await submission.getByText('Shared flag?').waitFor();
    await submission.getByText(`flag of ${student.name}`).waitFor();
    await checkScreen(page, 'recent-submissions', 'main');

    await open(page, `/analytics?classroom=${classroomId}`);
    const card = page.getByRole('region', { name: 'Suspected shared flags' });
    const row = card.getByRole('row', { name: new RegExp(buddy.name) });
    await row.getByRole('cell', { name: student.name, exact: true }).waitFor();
    await row.getByRole('cell', { name: labName, exact: true }).waitFor();
    await checkScreen(page, 'shared-flags', 'main');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Submissions CSV' }).click(),
    ]);
    const text = await readFile(await file.path(), 'utf8');
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Submitted at,Name,Lab,Correct,Shared flag owner');
    expect(
      lines.filter((line) => line.endsWith(`,${buddy.name},${labName},no,${student.name}`)),
    ).toHaveLength(1);
    expect(lines.filter((line) => line.endsWith(`,${student.name},${labName},yes,`))).toHaveLength(
      1,
    );
  });

  it('gives a TCP target’s tunnel to connect through from the student’s machine, and lets them stop it', async () => {
    const echoLab = await createLab(teacherApi, {
      name: 'Echo service',
      description: 'Talk to it.',
      difficulty: 'Easy',
      category: 'Networking',
      points: 50,
      flags: [{ value: 'HC{echo}' }],
      target: { image: images?.echo, port: 9000, kind: 'tcp', lifetimeMinutes: 15 },
    });
    await addLabToClassroom(teacherApi, classroomId, echoLab.id);

    const page = studentPage;
    await open(page, `/hacking-labs/${echoLab.slug}?classroom=${classroomId}`);
    const panel = page.getByRole('region', { name: 'Live target' });
    await panel.getByRole('button', { name: 'Start target' }).click();
    await panel.getByTestId('target-state').getByText('Running').waitFor({ timeout: 60_000 });
    await panel.getByRole('button', { name: 'Connect from your machine' }).click();
    const tunnel = panel.getByTestId('target-tunnel');
    const command = (await tunnel.locator('pre').first().textContent()) ?? '';
    const [, url = '', token = ''] = /'(ws:[^']+)' --token '([^']+)'/.exec(command) ?? [];
    expect(url).toMatch(/^ws:\/\/.+\/api\/targets\/[0-9a-f-]{36}\/tunnel$/);
    await tunnel.getByText('nc 127.0.0.1 4000').waitFor();
    await checkScreen(page, 'lab-panel-tcp');

    // The connector the page hands out, run as the student would, relays to the target.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tunnel.getByRole('button', { name: /Download hackclass-connect\.mjs/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('hackclass-connect.mjs');
    const connector = join(await mkdtemp(join(tmpdir(), 'hackclass-connector-')), 'connector.mjs');
    await download.saveAs(connector);
    const child = spawn(process.execPath, [connector, url, '--token', token, '--port', '0']);
    try {
      const [, port = ''] =
        /reachable at 127\.0\.0\.1:(\d+)/.exec(await firstLineOf(child.stdout)) ?? [];
      const echoed = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => socket.write('hello target\n'));
        socket.setEncoding('utf8');
        socket.once('data', (data: string) => {
          resolve(data);
          socket.destroy();
        });
        socket.once('error', reject);
      });
      expect(echoed).toBe('hello target\n');
    } finally {
      child.kill();
    }

    await panel.getByRole('button', { name: 'Stop', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Stop the target' });
    await dialog.getByText('The target stops and its state is lost.').waitFor();
    await dialog.getByRole('button', { name: 'Stop', exact: true }).click();
    await panel.getByText('Your last target was stopped.').waitFor({ timeout: 30_000 });
    await panel.getByRole('button', { name: 'Start target' }).waitFor();
  });
});
