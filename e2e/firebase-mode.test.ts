// The web app with accounts in a Firebase project: the SDK talks to Google's endpoints, which
// the browser is not let reach; each request is recorded and answered with Google's error.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../apps/web/src/config/messages';
import { logInThroughForm, testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { emulateScheme, freshPage } from './support/pages';
import { checkScreen } from './support/screens';

const FIREBASE = {
  FIREBASE_API_KEY: 'AIzaSyLocal-journey-key_42',
  FIREBASE_AUTH_DOMAIN: 'school-classes.firebaseapp.com',
  FIREBASE_PROJECT_ID: 'school-classes',
};

let app: RunningApp;

beforeAll(async () => {
  app = await startApp(FIREBASE);
});

afterAll(async () => {
  await app.close();
});

/** Answers every request to Google with `message` as its Identity Toolkit error; returns them. */
async function googleAnswers(page: Page, message: string): Promise<Request[]> {
  const seen: Request[] = [];
  const cors = {
    'access-control-allow-origin': app.server.url,
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'POST, GET, OPTIONS',
  };
  await page.route(/^https:\/\/[^/]*googleapis\.com\//, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    seen.push(request);
    return route.fulfill({
      status: 400,
      headers: cors,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 400, message, errors: [{ message }] } }),
    });
  });
  return seen;
}

describe('a Firebase project', () => {
  it('signs in at Google’s endpoint with the project’s API key and shows its refusal', async () => {
    const page = await freshPage(app);
    const requests = await googleAnswers(page, 'INVALID_LOGIN_CREDENTIALS');
    await page.goto(`${app.server.url}/login`);
    await logInThroughForm(page, 'ada@school.test', 'correct horse battery');
    await page.getByText(messages.invalidCredentials).waitFor();

    expect(requests.map((request) => request.url())).toEqual([
      `https://identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${FIREBASE.FIREBASE_API_KEY}`,
    ]);
    expect(requests[0]?.postDataJSON()).toMatchObject({ email: 'ada@school.test' });
  });

  it('signs up at Google with a role to choose, and names a taken address', async () => {
    const page = await freshPage(app);
    const requests = await googleAnswers(page, 'EMAIL_EXISTS');
    const roleChoices: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/users/me/sign-up-role')) roleChoices.push(request);
    });
    const person = testPerson('Grace Teacher');
    await page.goto(`${app.server.url}/signup`);
    await page.getByText('Teacher', { exact: true }).click();
    await page.getByText(/Create classrooms and labs/).waitFor();
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(messages.emailInUse).waitFor();
    // No account, so no role to tell the API.
    expect(roleChoices).toEqual([]);

    expect(requests.map((request) => request.url())).toEqual([
      `https://identitytoolkit.googleapis.com/v1/accounts:signUp?key=${FIREBASE.FIREBASE_API_KEY}`,
    ]);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'firebase-signup', scheme);
    }
  });
});
