import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type ApiClient, apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { addLabToClassroom, createClassroom, createLab } from './support/seed';
import { signedInPage } from './support/signed-in-page';

vi.setConfig({ testTimeout: 60_000 });

// Signs up as a student; ADMIN_EMAILS makes them an admin once the email is verified.
const admin = testPerson('Ada Admin');
const teacher = testPerson('Theo Teacher', 'Teacher');
const roomName = 'Network forensics';
const labName = 'Packet capture';

let app: RunningApp;
let adminApi: ApiClient;
let teacherApi: ApiClient;
let page: Page;
let classroomId = '';
let labSlug = '';
/** The API requests of the teacher's page that were refused as forbidden. */
const forbidden: string[] = [];

const open = (path: string) => page.goto(`${app.server.url}${path}`);
const tab = (name: string) => page.getByRole('tab', { name, exact: true });
const link = (name: string) => page.getByRole('link', { name, exact: true });
const button = (name: string) => page.getByRole('button', { name, exact: true });

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email });
  const [adminAccount, teacherAccount] = await Promise.all([
    createVerifiedAccount(app, admin),
    createVerifiedAccount(app, teacher),
  ]);
  adminApi = apiClient(app, adminAccount.idToken);
  teacherApi = apiClient(app, teacherAccount.idToken);
  const room = await createClassroom(teacherApi, { name: roomName, teacherName: teacher.name });
  const lab = await createLab(teacherApi, {
    name: labName,
    description: 'Find the password in the capture.',
    difficulty: 'Easy',
    category: 'Forensics',
    points: 100,
    flags: [{ value: 'HC{tcp-stream-follow}' }],
  });
  await addLabToClassroom(teacherApi, room.id, lab.id);
  classroomId = room.id;
  labSlug = lab.slug;

  page = await signedInPage(app, teacher);
  page.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/api/')) {
      forbidden.push(`${response.request().method()} ${response.url()}`);
    }
  });
});

afterAll(async () => {
  await app?.close();
});

describe('what a teacher may do follows their role, as the API decides it', () => {
  it('shows a teacher the manage tabs and buttons of their classroom and lab', async () => {
    await open(`/classrooms/${classroomId}`);
    await page.getByRole('heading', { name: roomName, level: 1 }).waitFor();
    await tab('Settings').waitFor();
    await tab('Targets').waitFor();
    await tab('Members').click();
    await page.getByRole('form', { name: 'Invite a member' }).waitFor();

    await open(`/hacking-labs/${labSlug}`);
    await page.getByRole('heading', { name: labName, level: 1 }).waitFor();
    await link('Edit').waitFor();
    await link('Add to classroom').waitFor();
    await button('Delete').waitFor();
    expect(forbidden).toEqual([]);
  });

  it('shows the same teacher, made a student, none of them and asks nothing the API refuses', async () => {
    const me = await teacherApi.call<{ id: string }>('GET', '/users/me');
    await adminApi.call('PATCH', `/users/${me.id}/role`, { roleId: 1 });

    await open(`/classrooms/${classroomId}`);
    await page.getByText('Classroom not found').waitFor();
    expect(await tab('Settings').count()).toBe(0);
    expect(await tab('Targets').count()).toBe(0);

    await open(`/hacking-labs/${labSlug}`);
    await page.getByRole('heading', { name: labName, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Files' }).waitFor();
    expect(await link('Edit').count()).toBe(0);
    expect(await link('Add to classroom').count()).toBe(0);
    expect(await button('Delete').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'In your classrooms' }).count()).toBe(0);

    await open('/hacking-labs');
    await page.getByRole('heading', { name: 'Hacking labs', level: 1 }).waitFor();
    expect(await link('Create lab').count()).toBe(0);
    expect(forbidden).toEqual([]);
  });
});
