import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type ApiClient, apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme } from './support/pages';
import { createClassroom, createLab, type SeededClassroom } from './support/seed';
import { signedInPage } from './support/signed-in-page';

vi.setConfig({ testTimeout: 90_000 });

const creator = testPerson('Carla Creator', 'Teacher');
const coTeacher = testPerson('Cody Coteacher', 'Teacher');
const student = testPerson('Sam Student');
const roomName = 'Web security 201';
const labName = 'Stored XSS';

let app: RunningApp;
let creatorApi: ApiClient;
let room: SeededClassroom;
let creatorPage: Page;
let coTeacherPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

beforeAll(async () => {
  app = await startApp();
  const [creatorAccount, coTeacherAccount, studentAccount] = await Promise.all([
    createVerifiedAccount(app, creator),
    createVerifiedAccount(app, coTeacher),
    createVerifiedAccount(app, student),
  ]);
  creatorApi = apiClient(app, creatorAccount.idToken);
  room = await createClassroom(creatorApi, { name: roomName, teacherName: creator.name });
  await createLab(apiClient(app, coTeacherAccount.idToken), {
    name: labName,
    description: 'Make the guestbook run your script.',
    difficulty: 'Medium',
    category: 'Web',
    points: 200,
    flags: [{ value: 'HC{stored-xss}' }],
  });
  await apiClient(app, studentAccount.idToken).call('POST', '/classrooms/join', {
    classroomCode: room.joinCode,
  });
  [creatorPage, coTeacherPage] = await Promise.all([
    signedInPage(app, creator),
    signedInPage(app, coTeacher),
  ]);
});

afterAll(async () => {
  await app?.close();
});

describe('co-teaching a classroom', () => {
  it('lets the creator add a teacher as co-teacher, and refuses a student', async () => {
    const page = creatorPage;
    await open(page, `/classrooms/${room.id}/settings`);
    await page.getByRole('heading', { name: 'Co-teachers' }).waitFor();
    await page.getByText('No co-teachers yet.').waitFor();

    const email = page.getByLabel('Add a teacher by email');
    await email.fill('not-an-address');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Enter a valid email address').waitFor();

    await email.fill(student.email);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`Only teachers can co-teach: ${student.email}`).waitFor();

    await email.fill(coTeacher.email);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const row = page.getByRole('table', { name: 'Co-teachers' }).getByRole('row', {
      name: new RegExp(coTeacher.name),
    });
    await row.getByText(coTeacher.email).waitFor();
    await row.getByText('just now').waitFor();
    expect(await email.inputValue()).toBe('');

    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/co-teachers-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('lets the co-teacher approve a request and add a lab, but not delete the classroom', async () => {
    const page = coTeacherPage;
    await open(page, '/classrooms');
    const card = page.getByRole('link', { name: roomName });
    await card.waitFor();
    await page.getByText('Co-teaching', { exact: true }).waitFor();

    await card.click();
    await page.getByRole('heading', { name: roomName, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Members', exact: true }).click();
    await page.getByRole('button', { name: `Approve ${student.name}` }).click();
    await page
      .getByRole('table', { name: 'Members' })
      .getByRole('row', { name: new RegExp(student.name) })
      .getByText('Accepted')
      .waitFor();

    await open(page, '/hacking-labs');
    await page.getByRole('link', { name: labName }).click();
    await page.getByRole('link', { name: 'Add to classroom' }).click();
    await page.getByRole('radio', { name: new RegExp(roomName) }).click();
    await page.getByRole('button', { name: 'Add to classroom' }).click();
    await page.getByText('Lab added').waitFor();

    await open(page, `/classrooms/${room.id}/settings`);
    await page.getByRole('heading', { name: 'Co-teachers' }).waitFor();
    await page.getByRole('button', { name: 'Step down' }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete classroom' }).count()).toBe(0);
    expect(await page.getByLabel('Add a teacher by email').count()).toBe(0);

    const seen = await creatorApi.call<{ memberCount: number; labCount: number }>(
      'GET',
      `/classrooms/${room.id}`,
    );
    expect(seen).toMatchObject({ memberCount: 1, labCount: 1 });
  });

  it('shows the student the lab the co-teacher added', async () => {
    const page = await signedInPage(app, student);
    await open(page, `/classrooms/${room.id}`);
    await page.getByRole('heading', { name: roomName, level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Hacking labs', exact: true }).click();
    await page.getByText(labName).first().waitFor();
    expect(await page.getByRole('tab', { name: 'Settings' }).count()).toBe(0);
  });

  it('lets the creator remove the co-teacher, after confirming', async () => {
    const page = creatorPage;
    await open(page, `/classrooms/${room.id}/settings`);
    await page.getByRole('button', { name: `Remove ${coTeacher.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove co-teacher' });
    await dialog.getByText(`Remove ${coTeacher.name} as a co-teacher of ${roomName}?`).waitFor();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('No co-teachers yet.').waitFor();

    await open(coTeacherPage, `/classrooms/${room.id}`);
    await coTeacherPage.getByText('Classroom not found').waitFor();
  });
});
