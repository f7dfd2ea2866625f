import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughForm, uniqueEmail } from './support/accounts';
import { type AccountDetails, apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { createClassroom, joinAndApprove } from './support/seed';

let app: RunningApp;
const contexts: BrowserContext[] = [];

const person = (name: string, role: AccountDetails['role']): AccountDetails => ({
  name,
  email: uniqueEmail(name.split(' ')[0]?.toLowerCase() ?? 'user'),
  password: 'correct horse battery',
  role,
});

beforeAll(async () => {
  app = await startApp();
});

async function signedInPage(account: AccountDetails) {
  const context = await app.browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${app.server.url}/login`);
  await logInThroughForm(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/dashboard');
  return page;
}

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await app?.close();
});

describe('leaving a classroom', () => {
  it('lets an accepted student leave, after confirming, and takes them back to the list', async () => {
    const [teacher, student] = await Promise.all([
      createVerifiedAccount(app, person('Lena Teacher', 'Teacher')),
      createVerifiedAccount(app, person('Leo Student', 'Student')),
    ]);
    const teacherApi = apiClient(app, teacher.idToken);
    const room = await createClassroom(teacherApi, {
      name: 'Forensics club',
      description: 'Disk images and memory dumps.',
      teacherName: teacher.name,
    });
    const userId = await joinAndApprove(teacherApi, apiClient(app, student.idToken), room);

    const page = await signedInPage(student);
    await page.goto(`${app.server.url}/classrooms/${room.id}`);
    await page.getByRole('heading', { name: 'Forensics club', level: 1 }).waitFor();

    // Cancel keeps the membership.
    await page.getByRole('button', { name: 'Leave classroom' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave classroom' });
    await dialog.getByText('Leave Forensics club?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe(`/classrooms/${room.id}`);

    await page.getByRole('button', { name: 'Leave classroom' }).click();
    await dialog.getByRole('button', { name: 'Leave classroom' }).click();

    await page.waitForURL((url) => url.pathname === '/classrooms');
    await page.getByText('You left Forensics club').waitFor();
    await page.getByText('No classrooms yet').waitFor();
    expect(await page.getByRole('link', { name: 'Forensics club' }).count()).toBe(0);

    const members = await teacherApi.call<{ items: { userId: string }[] }>(
      'GET',
      `/classrooms/${room.id}/members`,
    );
    expect(members.items.map((member) => member.userId)).not.toContain(userId);
  });

  it('offers no way out of a classroom to its teacher', async () => {
    const teacher = await createVerifiedAccount(app, person('Tom Teacher', 'Teacher'));
    const room = await createClassroom(apiClient(app, teacher.idToken), {
      name: 'Crypto club',
      teacherName: teacher.name,
    });
    const page = await signedInPage(teacher);
    await page.goto(`${app.server.url}/classrooms/${room.id}`);
    await page.getByRole('heading', { name: 'Crypto club', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave classroom' }).count()).toBe(0);
  });
});
