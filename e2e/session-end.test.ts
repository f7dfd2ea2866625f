import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughForm, testPerson } from './support/accounts';
import { changePassword, createVerifiedAccount, identityAdmin } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { freshPage } from './support/pages';
import { signedInPage } from './support/signed-in-page';

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

const uidOf = (idToken: string): string =>
  (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string })
    .sub;

const onLoginWith = async (page: Page, message: string) => {
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
  await page.getByText(message).waitFor();
};

describe('the end of a session', () => {
  it('signs out a user whose account an admin disabled, at the next token refresh', async () => {
    const account = await createVerifiedAccount(app, testPerson('Dana Disabled'));
    const page = await signedInPage(app, account, { fakeClock: true });

    await identityAdmin(app, 'POST', `/accounts/${uidOf(account.idToken)}/disable`);
    // The app refreshes the one-hour ID token five minutes before it expires.
    await page.clock.fastForward('56:00');

    await onLoginWith(page, 'Your account has been disabled. Please contact your administrator.');
    expect(await page.getByRole('button', { name: /^Account menu of/ }).count()).toBe(0);
  });

  it('signs out a user whose refresh token was revoked, when the app next starts', async () => {
    const account = await createVerifiedAccount(app, testPerson('Rex Revoked'));
    const page = await signedInPage(app, account);

    // A password change elsewhere revokes every other session of the account.
    await changePassword(app, account.idToken, 'another horse battery');
    await page.reload();

    await onLoginWith(page, 'Your session has ended. Please log in again.');
    await logInThroughForm(page, account.email, 'another horse battery');
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('signs out a user whose refresh token was revoked, at the next token refresh', async () => {
    const account = await createVerifiedAccount(app, testPerson('Tia Timedout'));
    const page = await signedInPage(app, account, { fakeClock: true });

    await changePassword(app, account.idToken, 'another horse battery');
    await page.clock.fastForward('56:00');

    await onLoginWith(page, 'Your session has ended. Please log in again.');
  });
});

describe('login without a server to reach', () => {
  it('says so when the sign-in request cannot get through', async () => {
    const account = await createVerifiedAccount(app, testPerson('Nina Network'));
    const page = await freshPage(app);
    await page.route('**/accounts:signInWithPassword*', (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto(`${app.server.url}/login`);
    await logInThroughForm(page, account.email, account.password);

    await page
      .getByText(
        'We could not reach the server. Please check your internet connection and try again.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
