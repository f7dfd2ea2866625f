import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { createClassroom } from './support/seed';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;
let page: Page;
let classroomId = '';

const teacher = testPerson('Erin Teacher', 'Teacher');

beforeAll(async () => {
  app = await startApp();
  const made = await createVerifiedAccount(app, teacher);
  classroomId = (
    await createClassroom(apiClient(app, made.idToken), {
      name: 'Empty room',
      teacherName: teacher.name,
    })
  ).id;
  page = await signedInPage(app, teacher);
});

afterAll(async () => {
  await app?.close();
});

/**
 * Opens `path` while the API answers 500 to `failing`, waits for the error and its retry
 * button, then lets the API answer and retries.
 */
async function failThenRetry(path: string, failing: (url: URL) => boolean, error: string) {
  const matcher = (url: URL) => url.pathname.startsWith('/api/') && failing(url);
  await page.route(matcher, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({ status: 500, code: 'internal', title: 'Internal Server Error' }),
    }),
  );
  await page.goto(`${app.server.url}${path}`);
  await page.getByRole('alert').filter({ hasText: error }).waitFor();
  await page.unroute(matcher);
  await page.getByRole('button', { name: 'Try again' }).first().click();
}

describe('the lists say when they fail, and try again on request', () => {
  it('classrooms', async () => {
    await failThenRetry(
      '/classrooms',
      (url) => url.pathname === '/api/classrooms',
      'Could not load your classrooms.',
    );
    await page.getByRole('link', { name: 'Empty room' }).waitFor();
  });

  it('members', async () => {
    await failThenRetry(
      `/classrooms/${classroomId}/members`,
      (url) => url.pathname.endsWith('/members'),
      'Could not load the members.',
    );
    await page
      .getByRole('table', { name: 'Members' })
      .or(page.getByText('No members found'))
      .waitFor();
  });

  it('labs, then the empty state', async () => {
    await failThenRetry(
      '/hacking-labs',
      (url) => url.pathname === '/api/hacking-labs',
      'The labs could not be loaded',
    );
    await page.getByText('No hacking labs yet').waitFor();
  });

  it('notifications, then the empty state', async () => {
    await failThenRetry(
      '/profile/notifications',
      (url) => url.pathname.endsWith('/notifications'),
      'An error occurred. Please try again or contact support.',
    );
    await page.getByText('No notifications yet').waitFor();
  });
});
