import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson, uniqueEmail } from './support/accounts';
import { type ApiClient, apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { emulateScheme, screenshotsIfFailed } from './support/pages';
import { createClassroom, joinAndApprove, type SeededClassroom } from './support/seed';
import { signedInPage } from './support/signed-in-page';

vi.setConfig({ testTimeout: 120_000 });

// Low enough that the list below passes it: the second chunk is refused for real.
const INVITATIONS_PER_DAY = 60;

const teacher = testPerson('Tara Teacher', 'Teacher');
const student = testPerson('Max Member');

let app: RunningApp;
let teacherApi: ApiClient;
let room: SeededClassroom;
let page: Page;

beforeAll(async () => {
  app = await startApp({
    INVITATIONS_PER_DAY: String(INVITATIONS_PER_DAY),
    // The teacher signs up as one, and no admin approves them here: the same allowance.
    INVITATIONS_PER_DAY_UNAPPROVED: String(INVITATIONS_PER_DAY),
  });
  const [teacherAccount, studentAccount] = await Promise.all([
    createVerifiedAccount(app, teacher),
    createVerifiedAccount(app, student),
  ]);
  teacherApi = apiClient(app, teacherAccount.idToken);
  room = await createClassroom(teacherApi, { name: 'Networks 101', teacherName: teacher.name });
  await joinAndApprove(teacherApi, apiClient(app, studentAccount.idToken), room);
  page = await signedInPage(app, teacher, { acceptDownloads: true });
});

afterEach(({ task }) => screenshotsIfFailed(task, 'bulk-invitations', { teacher: page }));

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
  it('previews a pasted list, sends it in chunks with progress, reports on all and retries the failed', async () => {
    const fresh = Array.from({ length: 70 }, (_, i) => uniqueEmail(`pupil${i}`));
    const list = [
      ...fresh.slice(0, 10),
      'not-an-address',
      student.email.toUpperCase(),
      ...fresh.slice(10, 20),
      `${fresh[3]?.toUpperCase()}`,
      'half@',
      ...fresh.slice(20),
    ];
    expect(list).toHaveLength(74);

    await page.goto(`${app.server.url}/classrooms/${room.id}/members`);
    await page.getByRole('button', { name: 'Invite many' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite many' });
    await dialog.getByLabel('Email addresses').fill(list.join('\n'));
    await dialog.getByRole('button', { name: 'Preview' }).click();

    await dialog.getByText('New (70)', { exact: true }).waitFor();
    await dialog.getByText('Invalid (2)', { exact: true }).waitFor();
    await dialog.getByText('Duplicate (1)', { exact: true }).waitFor();
    await dialog.getByText('Already a member (1)', { exact: true }).waitFor();
    await dialog.getByText('74 addresses').waitFor();
    await shots('preview');

    await dialog.getByText('Invalid (2)').click();
    await dialog.getByText('2 addresses').waitFor();
    const invalid = dialog.getByRole('row').filter({ hasText: 'Not an email address' });
    expect(await invalid.count()).toBe(2);
    await dialog.getByText('Duplicate (1)').click();
    await dialog.getByText('Listed already on line 4').waitFor();

    // Each chunk is held in the browser until the progress before it has been seen.
    const gates: (() => void)[] = [];
    await page.route('**/api/classrooms/*/invitations/bulk', async (route) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      await route.continue();
    });
    const release = async (chunk: number) => {
      await expect.poll(() => gates.length).toBe(chunk);
      gates[chunk - 1]?.();
    };
    await dialog.getByRole('button', { name: 'Send 70 invitations' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Sending invitations: 0 of 70' }).waitFor();
    expect(await dialog.getByRole('progressbar').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await shots('progress');
    expect(await dialog.isVisible()).toBe(true);
    await release(1);
    await dialog.getByText('Sending invitations: 50 of 70').waitFor();
    await release(2);

    // The day's 60 mails are used up within the second chunk: its last 10 addresses fail.
    const limitReason = `You have sent 60 of the ${INVITATIONS_PER_DAY} invitation mails`;
    await dialog.getByText('Invited: 60').waitFor();
    await dialog.getByText('Skipped: 4').waitFor();
    await dialog.getByText('Failed: 10').waitFor();
    await dialog.getByText('Member already').waitFor();
    expect(await dialog.getByRole('row').filter({ hasText: limitReason }).count()).toBe(10);
    await shots('report');

    // Still over the limit: tried again, they fail again, and the report says so.
    await dialog.getByRole('button', { name: 'Try the 10 failed again' }).click();
    await dialog.getByText('Sending invitations: 0 of 10').waitFor();
    await release(3);
    await dialog.getByText('Failed: 10').waitFor();
    await dialog.getByText('Invited: 60').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Report');
    await page.unroute('**/api/classrooms/*/invitations/bulk');

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download report (CSV)' }).click(),
    ]);
    const lines = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Email,Outcome,Reason');
    expect(lines).toHaveLength(75);
    expect(lines).toContain(`${fresh[0]},Invited,`);
    expect(lines).toContain('half@,Skipped,Not an email address');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const roster = await teacherApi.call<{ total: number }>(
      'GET',
      `/classrooms/${room.id}/members?status=Invited`,
    );
    expect(roster.total).toBe(60);
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
