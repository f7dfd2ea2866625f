import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme, freshPage } from './support/pages';
import { signedInPage } from './support/signed-in-page';
import { signUpVerified } from './support/verified-account';

let app: RunningApp;

/** A 1×1 PNG: the API checks an image by its magic bytes. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const teacher = testPerson('Tess Teacher', 'Teacher');
const invitee = testPerson('Ivy Student', 'Student');
const joiner = testPerson('Jon Student', 'Student');
const roomName = `Web security ${Date.now().toString(36)}`;
let teacherToken = '';
let classroomId = '';
let teacherPage: Page;

const open = (page: Page, path: string) => page.goto(`${app.server.url}${path}`);

beforeAll(async () => {
  app = await startApp();
  const [made] = await Promise.all([
    createVerifiedAccount(app, teacher),
    createVerifiedAccount(app, invitee),
    createVerifiedAccount(app, joiner),
  ]);
  teacherToken = made.idToken;
});

afterAll(async () => {
  await app?.close();
});

describe('classrooms', () => {
  it('lets a teacher create a classroom with an image', async () => {
    teacherPage = await signedInPage(app, teacher);
    const page = teacherPage;
    await open(page, '/classrooms');
    await page.getByRole('heading', { name: 'Classrooms', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Classrooms | HackClass');
    await page.getByText('No classrooms yet').waitFor();

    await page.getByRole('button', { name: 'Create classroom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create classroom' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(roomName);
    await dialog.getByRole('textbox', { name: 'Teacher name' }).fill(teacher.name);
    await dialog.getByLabel('Description').fill('Injection, XSS and friends.');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog.getByRole('button', { name: 'Create classroom' }).click();

    await page.waitForURL((url) => /^\/classrooms\/[0-9a-f-]{36}$/.test(url.pathname));
    classroomId = new URL(page.url()).pathname.split('/')[2] ?? '';
    await page.getByRole('heading', { name: roomName, level: 1 }).waitFor();
    await page.getByRole('img', { name: `Image of ${roomName}` }).waitFor();
    await expect.poll(() => page.title()).toBe(`${roomName} | HackClass`);
  });

  it('invites a student by email, who accepts the invitation', async () => {
    const page = teacherPage;
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/members'));
    await page.getByLabel('Invite by email').fill(invitee.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    // Listed by the address typed, not by the account's name, until the invitee accepts.
    await page.getByRole('row', { name: invitee.email }).getByText('Invited').waitFor();
    expect(await page.getByRole('row', { name: new RegExp(invitee.name) }).count()).toBe(0);

    const student = await signedInPage(app, invitee);
    await open(student, '/classrooms');
    await student.getByRole('tab', { name: /Invitations/ }).click();
    await student.getByRole('button', { name: `Accept the invitation to ${roomName}` }).click();
    await student.getByText('No invitations').waitFor();
    await student.getByRole('tab', { name: 'My classrooms' }).click();
    await student.getByRole('link', { name: roomName }).click();
    await student.getByRole('heading', { name: roomName, level: 1 }).waitFor();
    // Students get no settings.
    expect(await student.getByRole('tab', { name: 'Settings' }).count()).toBe(0);
  });

  it('lets a second student join by code, and the teacher approve them', async () => {
    const page = teacherPage;
    await open(page, `/classrooms/${classroomId}/settings`);
    const code = (await page.getByTestId('join-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    const student = await signedInPage(app, joiner);
    await open(student, '/classrooms');
    await student.getByLabel('Classroom code').fill('ZZZZZZZZ');
    await student.getByRole('button', { name: 'Join', exact: true }).click();
    await student.getByText('No classroom has this code').waitFor();
    await student.getByLabel('Classroom code').fill(code.toLowerCase());
    await student.getByRole('button', { name: 'Join', exact: true }).click();
    await student.getByText('Request sent').first().waitFor();
    await student.getByRole('tab', { name: /Pending requests/ }).click();
    await student.getByText(roomName).waitFor();

    await open(page, `/classrooms/${classroomId}/members`);
    await page.getByRole('button', { name: `Approve ${joiner.name}` }).click();
    await page
      .getByRole('row', { name: new RegExp(joiner.name) })
      .getByText('Accepted')
      .waitFor();
  });

  it('shows both students on the leaderboard, and the creator flagged among the members', async () => {
    const page = teacherPage;
    await page.getByRole('tab', { name: 'Overview' }).click();
    const board = page.getByRole('table', { name: 'Leaderboard' });
    await board.getByRole('row', { name: new RegExp(invitee.name) }).waitFor();
    await board.getByRole('row', { name: new RegExp(joiner.name) }).waitFor();
    // The teacher does not compete.
    expect(await board.getByRole('row', { name: new RegExp(teacher.name) }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Members' }).click();
    await page
      .getByRole('row', { name: new RegExp(teacher.name) })
      .getByText('Creator')
      .waitFor();
  });

  it('filters the members by status and name, and pages them', async () => {
    const teacherApi = apiClient(app, teacherToken);
    const room = await teacherApi.call<{ joinCode: string }>('GET', `/classrooms/${classroomId}`);
    // Eleven more accepted members, so that ten a page makes two pages of them. One after the
    // other: the identity service hashes one new password at a time, and eleven queued at once
    // can outwait the API's call to it on a loaded machine.
    const seeded = [];
    for (let index = 1; index <= 11; index++) {
      seeded.push(
        await createVerifiedAccount(
          app,
          testPerson(`Seed Member ${String(index).padStart(2, '0')}`, 'Student'),
        ),
      );
    }
    for (const member of seeded) {
      const membership = await apiClient(app, member.idToken).call<{ userId: string }>(
        'POST',
        '/classrooms/join',
        { classroomCode: room.joinCode },
      );
      await teacherApi.call('PATCH', `/classrooms/${classroomId}/members/${membership.userId}`, {
        status: 'Accepted',
      });
    }
    const waiting = await createVerifiedAccount(app, testPerson('Wanda Pending', 'Student'));
    await apiClient(app, waiting.idToken).call('POST', '/classrooms/join', {
      classroomCode: room.joinCode,
    });

    const page = teacherPage;
    await open(page, `/classrooms/${classroomId}/members`);
    const rows = page.getByRole('table', { name: 'Members' }).locator('tbody tr');
    const summary = page.getByText(/(members?(, \d+ [a-z ]+)*|\d+ found) · page/);
    await summary.filter({ hasText: 'page 1 of 2' }).waitFor();
    await expect.poll(() => rows.count()).toBe(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await summary.filter({ hasText: 'page 2 of 2' }).waitFor();

    await page.getByRole('combobox', { name: 'Per page' }).click();
    await page.getByRole('option', { name: '20' }).click();
    await summary.filter({ hasText: 'page 1 of 1' }).waitFor();

    await page.getByLabel('Search by name').fill('  sEED member ');
    await summary.filter({ hasText: '11 found · page 1 of 1' }).waitFor();
    await expect.poll(() => rows.count()).toBe(11);
    await page.getByLabel('Search by name').fill('');

    await page.getByLabel('Status', { exact: true }).and(page.locator('input')).click();
    await page.getByRole('option', { name: 'Pending approval' }).click();
    await page.keyboard.press('Escape');
    await summary.filter({ hasText: '1 found · page 1 of 1' }).waitFor();
    await page.getByRole('row', { name: /Wanda Pending/ }).waitFor();
    // Twelve accounts, each with the production password hashing, one after the other: 80 s on
    // a machine busy with other suites.
  }, 180_000);

  it('withdraws an invitation not yet accepted, by its email', async () => {
    const page = teacherPage;
    const email = `mistyped-${Date.now().toString(36)}@example.test`;
    await open(page, `/classrooms/${classroomId}/members`);
    await page.getByLabel('Invite by email').fill(email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const row = page.getByRole('row', { name: email });
    await row.getByText('Invited').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/members-invitation-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await row.getByRole('button', { name: `Withdraw the invitation to ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw invitation' });
    await dialog.getByText(`Withdraw the invitation to ${email}?`).waitFor();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });

  it('invites an email with no account yet; after signing up they find and accept it', async () => {
    const page = teacherPage;
    const newcomer = testPerson('Nora Newcomer', 'Student');
    await open(page, `/classrooms/${classroomId}/members`);
    await page.getByLabel('Invite by email').fill(newcomer.email);
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    await page.getByText(`We mailed ${newcomer.email} a link to join`).waitFor();
    // Listed by the address typed, as an invitation to an account would be.
    await page.getByRole('row', { name: newcomer.email }).getByText('Invited').waitFor();

    const student = await freshPage(app);
    await signUpVerified(student, app, newcomer);
    await open(student, '/classrooms');
    await student.getByRole('tab', { name: /Invitations/ }).click();
    await student.getByRole('button', { name: `Accept the invitation to ${roomName}` }).click();
    await student.getByText('No invitations').waitFor();

    await open(page, `/classrooms/${classroomId}/members`);
    await page.getByLabel('Search by name').fill('Nora');
    await page
      .getByRole('row', { name: new RegExp(newcomer.name) })
      .getByText('Accepted')
      .waitFor();
  });

  it('deletes the classroom and goes back to the index', async () => {
    const page = teacherPage;
    await open(page, `/classrooms/${classroomId}/settings`);
    await page.getByRole('button', { name: 'Delete classroom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete classroom' });
    await dialog.getByRole('button', { name: 'Delete classroom' }).click();
    await page.waitForURL((url) => url.pathname === '/classrooms');
    await page.getByText('No classrooms yet').waitFor();
    expect(await page.getByRole('link', { name: roomName }).count()).toBe(0);
  });
});
