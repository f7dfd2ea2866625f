import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount, signInWithPassword } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { type Scheme, useScheme } from './support/pages';
import { createClassroom, joinAndApprove } from './support/seed';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

/** A screenshot to look at, and no serious or critical axe violation. */
async function looked(page: Page, name: string, scheme: Scheme, include?: string) {
  await page.screenshot({
    path: join(tmpdir(), `delete-account-${name}-${scheme}.png`),
    fullPage: true,
  });
  expect(await seriousViolations(page, include)).toEqual([]);
}

describe('deleting one’s account', () => {
  it('asks for the password and the email, deletes the account, and signs out to the home page', async () => {
    const [teacher, student] = await Promise.all([
      createVerifiedAccount(app, testPerson('Dora Teacher', 'Teacher')),
      createVerifiedAccount(app, testPerson('Sam Student', 'Student')),
    ]);
    const teacherApi = apiClient(app, teacher.idToken);
    const studentApi = apiClient(app, student.idToken);
    const room = await createClassroom(teacherApi, {
      name: 'Packet club',
      teacherName: teacher.name,
    });
    await joinAndApprove(teacherApi, studentApi, room);

    const page = await signedInPage(app, teacher);
    await page.goto(`${app.server.url}/profile/security`);
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByText('Classrooms and labs you created stay for their students').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    const confirm = dialog.getByRole('button', { name: 'Delete my account' });
    const password = dialog.getByLabel(/^Password/);
    const typedEmail = dialog.getByLabel(/^Your email address/);
    // Light mode last: the journey goes on from there.
    for (const scheme of ['dark', 'light'] as const) {
      await useScheme(page, scheme);
      await section.waitFor();
      await looked(page, 'section', scheme);
      await section.getByRole('button', { name: 'Delete account' }).click();
      await password.fill('not my password');
      await typedEmail.fill('someone@example.test');
      expect(await confirm.isDisabled()).toBe(true);
      await typedEmail.fill(teacher.email.toUpperCase());
      await looked(page, 'modal', scheme, '[role="dialog"]');
    }
    await confirm.click();
    await dialog.getByText('Your password is not correct').waitFor();

    await password.fill(teacher.password);
    await confirm.click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Account deleted').waitFor();
    await page
      .getByRole('link', { name: /log in/i })
      .first()
      .waitFor();

    await expect(signInWithPassword(app, teacher.email, teacher.password)).rejects.toThrow(
      'INVALID_LOGIN_CREDENTIALS',
    );
    // The classroom stays for its student, with no owner.
    const kept = await studentApi.call<{ name: string; creatorId: string | null }>(
      'GET',
      `/classrooms/${room.id}`,
    );
    expect(kept).toMatchObject({ name: 'Packet club', creatorId: null });
  });

  it('keeps the account when the dialog is cancelled', async () => {
    const student = await createVerifiedAccount(app, testPerson('Kim Student', 'Student'));
    const page = await signedInPage(app, student);
    await page.goto(`${app.server.url}/profile/security`);
    const section = page.getByRole('region', { name: 'Delete account' });
    await section.getByText('you leave every leaderboard').waitFor();
    expect(await section.getByText('Classrooms and labs you created').count()).toBe(0);
    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await signInWithPassword(app, student.email, student.password)).toEqual(
      expect.any(String),
    );
  });
});
