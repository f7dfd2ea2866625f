import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { seedCourse } from './support/course';
import { createClassroom } from './support/seed';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

describe('leaving a classroom', () => {
  it('lets an accepted student leave, after confirming, and takes them back to the list', async () => {
    const student = testPerson('Leo Student', 'Student');
    const {
      classroom: room,
      teacherApi,
      studentIds: [userId],
    } = await seedCourse(
      app,
      testPerson('Lena Teacher', 'Teacher'),
      { name: 'Forensics club', description: 'Disk images and memory dumps.' },
      student,
    );

    const page = await signedInPage(app, student);
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
    const teacher = await createVerifiedAccount(app, testPerson('Tom Teacher', 'Teacher'));
    const room = await createClassroom(apiClient(app, teacher.idToken), {
      name: 'Crypto club',
      teacherName: teacher.name,
    });
    const page = await signedInPage(app, teacher);
    await page.goto(`${app.server.url}/classrooms/${room.id}`);
    await page.getByRole('heading', { name: 'Crypto club', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Leave classroom' }).count()).toBe(0);
  });
});
