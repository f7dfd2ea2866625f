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
  FIREBASE_SIGN_IN_BUTTONS: 'oidc.springfield=Springfield School',
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

/** An ID token as Google issues it, unsigned: the SDK reads its claims, never its signature. */
function unsignedIdToken(uid: string, email: string): string {
  const now = Math.floor(Date.now() / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const claims = {
    iss: `https://securetoken.google.com/${FIREBASE.FIREBASE_PROJECT_ID}`,
    aud: FIREBASE.FIREBASE_PROJECT_ID,
    sub: uid,
    user_id: uid,
    email,
    email_verified: false,
    iat: now,
    auth_time: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'password' },
  };
  return `${part({ alg: 'RS256', typ: 'JWT' })}.${part(claims)}.signature`;
}

/**
 * Google makes the account and sends the mail, but refuses to set its name; every request is
 * recorded by its Identity Toolkit method.
 */
async function googleRefusesTheName(page: Page, email: string): Promise<string[]> {
  const methods: string[] = [];
  const uid = `uid${Date.now()}`;
  const idToken = unsignedIdToken(uid, email);
  const cors = {
    'access-control-allow-origin': app.server.url,
    'access-control-allow-headers': '*',
    'access-control-allow-methods': 'POST, GET, OPTIONS',
  };
  const answers: Record<string, object> = {
    signUp: { idToken, refreshToken: 'refresh', expiresIn: '3600', localId: uid, email },
    lookup: { users: [{ localId: uid, email, emailVerified: false, providerUserInfo: [] }] },
    sendOobCode: { email },
  };
  await page.route(/^https:\/\/[^/]*googleapis\.com\//, async (route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    const method = /accounts:(\w+)/.exec(request.url())?.[1] ?? request.url();
    methods.push(method);
    const answer = answers[method];
    const message = 'INTERNAL_ERROR';
    return route.fulfill({
      status: answer ? 200 : 400,
      headers: cors,
      contentType: 'application/json',
      body: JSON.stringify(answer ?? { error: { code: 400, message, errors: [{ message }] } }),
    });
  });
  return methods;
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

  it('still chooses the role and sends the verification mail when the name cannot be set', async () => {
    const page = await freshPage(app);
    const person = testPerson('Nina Nameless');
    const methods = await googleRefusesTheName(page, person.email);
    await page.goto(`${app.server.url}/signup`);
    await page.getByText('Teacher', { exact: true }).click();
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel(/^Password/).fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(messages.signUpProfileFailed).waitFor();
    // The API cannot check a token Google did not sign: the role is asked for, and refused.
    await page.getByText(messages.signUpRoleFailed).waitFor();

    await expect.poll(() => methods).toContain('sendOobCode');
    expect(methods.slice(0, 3)).toEqual(['signUp', 'lookup', 'update']);
  });

  it('sends a sign-in with the school through the SDK’s redirect to the project’s auth domain', async () => {
    const page = await freshPage(app);
    const cors = {
      'access-control-allow-origin': app.server.url,
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, GET, OPTIONS',
    };
    // The project's authorised domains, which the SDK asks before it leaves.
    await page.route(/^https:\/\/identitytoolkit\.googleapis\.com\/v1\/projects/, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fulfill({ status: 204, headers: cors })
        : route.fulfill({
            status: 200,
            headers: cors,
            contentType: 'application/json',
            body: JSON.stringify({ authorizedDomains: ['127.0.0.1', 'localhost'] }),
          }),
    );
    let handler: URL | undefined;
    await page.route(`https://${FIREBASE.FIREBASE_AUTH_DOMAIN}/**`, (route) => {
      handler = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Auth</title>' });
    });
    await page.goto(`${app.server.url}/login?redirect=%2Fclassrooms`);
    await page.getByRole('button', { name: 'Continue with Springfield School' }).click();
    await expect.poll(() => handler?.pathname, { timeout: 15_000 }).toBe('/__/auth/handler');
    expect(Object.fromEntries(handler?.searchParams ?? [])).toMatchObject({
      apiKey: FIREBASE.FIREBASE_API_KEY,
      providerId: 'oidc.springfield',
      authType: 'signInViaRedirect',
      redirectUrl: `${app.server.url}/auth/provider?redirect=%2Fclassrooms`,
    });

    // The page lets the SDK load Google's script and frame the auth domain, and nothing more.
    const policy = (await fetch(`${app.server.url}/login`)).headers.get('content-security-policy');
    expect(policy).toContain("script-src 'self' https://apis.google.com");
    expect(policy).toContain(`frame-src 'self' https://${FIREBASE.FIREBASE_AUTH_DOMAIN};`);
  });
});
