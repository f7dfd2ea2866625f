import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson, uniqueEmail } from './support/accounts';
import { type ApiClient, apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme } from './support/pages';
import { createClassroom, joinAndApprove, type SeededClassroom } from './support/seed';
import { signedInPage } from './support/signed-in-page';

vi.setConfig({ testTimeout: 120_000 });

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Max Member');

let app: RunningApp;
let teacherApi: ApiClient;
let room: SeededClassroom;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  const [teacherAccount, studentAccount] = await Promise.all([
    createVerifiedAccount(app, teacher),
    createVerifiedAccount(app, student),
  ]);
  teacherApi = apiClient(app, teacherAccount.idToken);
  room = await createClassroom(teacherApi, { name: 'Networks 101', teacherName: teacher.name });
  await joinAndApprove(teacherApi, apiClient(app, studentAccount.idToken), room);
  page = await signedInPage(app, teacher, { acceptDownloads: true });
});

afterAll(async () => {
  await app?.close();
});

async function shots(name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await emulateScheme(page, scheme);
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    await page.screenshot({ path: `/tmp/shots/bulk-invitations-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('inviting a whole class at once', () => {
  it('previews a pasted list, sends the new addresses with progress and reports on all', async () => {
    const fresh = Array.from({ length: 26 }, (_, i) => uniqueEmail(`pupil${i}`));
    const list = [
      ...fresh.slice(0, 10),
      'not-an-address',
      student.email.toUpperCase(),
      ...fresh.slice(10, 20),
      `${fresh[3]?.toUpperCase()}`,
      'half@',
      ...fresh.slice(20),
    ];
    expect(list).toHaveLength(30);

    await page.goto(`${app.server.url}/classrooms/${room.id}/members`);
    await page.getByRole('button', { name: 'Invite many' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite many' });
    await dialog.getByLabel('Email addresses').fill(list.join('\n'));
    await dialog.getByRole('button', { name: 'Preview' }).click();

    await dialog.getByText('New (26)', { exact: true }).waitFor();
    await dialog.getByText('Invalid (2)', { exact: true }).waitFor();
    await dialog.getByText('Duplicate (1)', { exact: true }).waitFor();
    await dialog.getByText('Already a member (1)', { exact: true }).waitFor();
    await dialog.getByText('30 addresses').waitFor();
    await shots('preview');

    await dialog.getByText('Invalid (2)').click();
    await dialog.getByText('2 addresses').waitFor();
    const invalid = dialog.getByRole('row').filter({ hasText: 'Not an email address' });
    expect(await invalid.count()).toBe(2);
    await dialog.getByText('Duplicate (1)').click();
    await dialog.getByText('Listed already on line 4').waitFor();

    // The sending is held in the browser until the progress has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/classrooms/*/invitations/bulk', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Send 26 invitations' }).click();
    await dialog.getByText('Sending invitations: 0 of 26').waitFor();
    expect(await dialog.getByRole('progressbar').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await shots('progress');
    release();

    await dialog.getByText('Invited: 26').waitFor();
    await dialog.getByText('Skipped: 4').waitFor();
    await dialog.getByText('Failed: 0').waitFor();
    await dialog.getByText('Member already').waitFor();
    await shots('report');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download report (CSV)' }).click(),
    ]);
    const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Email,Outcome,Reason');
    expect(lines).toHaveLength(31);
    expect(lines).toContain(`${fresh[0]},Invited,`);
    expect(lines).toContain('half@,Skipped,Not an email address');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const roster = await teacherApi.call<{ total: number }>(
      'GET',
      `/classrooms/${room.id}/members?status=Invited`,
    );
    expect(roster.total).toBe(26);
  });

  it('reads a chosen CSV file by its email column and says when it holds too many', async () => {
    await page.goto(`${app.server.url}/classrooms/${room.id}/members`);
    await page.getByRole('button', { name: 'Invite many' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite many' });

    const many = Array.from({ length: 501 }, (_, i) => `s${i}@example.test`).join('\n');
    await dialog.getByLabel('Email addresses').fill(many);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('The list holds 501 addresses; invite at most 500 at once').waitFor();

    const csv = `Name;E-mail\r\n"Lovelace, Ada";ada-${Date.now()}@example.test\r\nBob;${student.email}`;
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'class.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await dialog.getByText('Read from class.csv').waitFor();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await dialog.getByText('New (1)', { exact: true }).waitFor();
    await dialog.getByText('Already a member (1)', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Send 1 invitation' }).waitFor();
  });
});
