import { type OpenIdProvider, startOpenIdProvider } from '@hackclass/identity/testing/federation';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInThroughForm, signUpThroughForm, testPerson } from './support/accounts';
import { apiClient, createVerifiedAccount, signInWithPassword } from './support/api';
import { type RunningApp, startApp } from './support/app';
import { emulateScheme, freshPage } from './support/pages';
import { checkScreen } from './support/screens';
import { signedInPage, WIDE_VIEWPORT } from './support/signed-in-page';

let app: RunningApp;
let school: OpenIdProvider;
const admin = testPerson('Alma Admin');
const holder = { ...testPerson('Hugo Holder'), email: 'hugo@springfield.edu' };

const BUTTON = 'Continue with Springfield School';

beforeAll(async () => {
  app = await startApp({ ADMIN_EMAILS: admin.email });
  school = await startOpenIdProvider({
    redirectUris: [`${app.server.url}/__/auth/handler`],
    claimsInIdToken: true,
    people: {
      ada: { email: 'ada@springfield.edu', emailVerified: true, name: 'Ada Lovelace' },
      grace: {
        email: 'grace@springfield.edu',
        emailVerified: true,
        name: 'Grace Hopper',
        groups: ['teachers'],
      },
      hugo: { email: holder.email, emailVerified: true, name: 'Hugo Holder' },
      eve: { email: 'eve@elsewhere.example', emailVerified: true, name: 'Eve' },
    },
  });
  await Promise.all([createVerifiedAccount(app, admin), createVerifiedAccount(app, holder)]);
});

afterAll(async () => {
  await school?.close();
  await app?.close();
});

/** Types a tag into a tags field as a person does: the word, then Enter. */
async function addTag(field: Locator, value: string) {
  await field.pressSequentially(value);
  await field.press('Enter');
}

/** From the page's provider button through the school's own sign-in page, as `username`. */
async function continueWithSchool(page: Page, username: string) {
  await page.getByRole('button', { name: BUTTON }).click();
  await page.waitForURL((url) => url.origin === school.issuer);
  await page.getByRole('heading', { name: 'School sign-in' }).waitFor();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('signing in with the school’s accounts', () => {
  it('lets an admin add the school’s provider and test it', async () => {
    const page = await signedInPage(app, admin, { viewport: WIDE_VIEWPORT });
    await page.getByRole('link', { name: 'Sign-in' }).click();
    await page.getByRole('heading', { name: 'Sign-in providers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add a provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a provider' });
    expect(await dialog.getByRole('textbox', { name: 'Redirect URI' }).inputValue()).toBe(
      `${app.server.url}/__/auth/handler`,
    );
    await dialog.getByRole('textbox', { name: 'Name on the button' }).fill('Springfield School');
    await dialog.getByRole('textbox', { name: 'Provider id' }).fill('oidc.springfield');
    await dialog.getByRole('textbox', { name: 'Issuer' }).fill(school.issuer);
    await dialog.getByRole('textbox', { name: 'Client id' }).fill(school.clientId);
    await dialog.getByLabel(/^Client secret/).fill(school.clientSecret);
    await addTag(dialog.getByRole('combobox', { name: 'Extra scopes' }), 'groups');
    await addTag(
      dialog.getByRole('combobox', { name: 'Allowed email domains' }),
      'springfield.edu',
    );
    await dialog.getByRole('textbox', { name: 'Teacher claim' }).fill('groups');
    await addTag(dialog.getByRole('combobox', { name: 'Teacher claim values' }), 'teachers');
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'school-sign-in-admin-form', scheme);
    }
    await emulateScheme(page, 'light');
    await dialog.getByRole('button', { name: 'Add provider' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Test sign-in with Springfield School' }).click();
    const test = page.getByRole('dialog', { name: 'Test sign-in with Springfield School' });
    await test.getByText('The provider knows the client id and secret').waitFor();
    expect(await test.getByText('failed').count()).toBe(0);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'school-sign-in-admin-test', scheme);
    }
  });

  it('signs a student up through the provider, then signs them in again', async () => {
    const page = await freshPage(app);
    await page.goto(`${app.server.url}/signup`);
    await page.getByRole('button', { name: BUTTON }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'school-sign-in-signup', scheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await continueWithSchool(page, 'ada');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // The pending token is gone from the address and the history.
    expect(page.url()).not.toContain('pendingToken');

    await page.goto(`${app.server.url}/logout`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('button', { name: BUTTON }).click();
    // Still signed in at the school: straight back, no password asked.
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('makes a member of the teachers group a teacher', async () => {
    const page = await freshPage(app);
    await page.goto(`${app.server.url}/login`);
    await continueWithSchool(page, 'grace');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto(`${app.server.url}/classrooms`);
    await page.getByRole('button', { name: 'Create classroom' }).waitFor();
  });

  it('refuses an address of a domain the school does not allow, and says so', async () => {
    const page = await freshPage(app);
    await page.goto(`${app.server.url}/login`);
    await continueWithSchool(page, 'eve');
    await page.waitForURL((url) => url.pathname === '/auth/provider');
    await page
      .getByText('Accounts of elsewhere.example cannot sign in with Springfield School.')
      .waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'school-sign-in-refused', scheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('link', { name: 'Back to log in' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('links an existing account only once its password is given', async () => {
    const page = await freshPage(app);
    await page.goto(`${app.server.url}/login`);
    await continueWithSchool(page, 'hugo');
    await page.getByRole('heading', { name: 'Link your school account' }).waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      await checkScreen(page, 'school-sign-in-link', scheme);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByLabel(/^Password/).fill('not the password');
    await page.getByRole('button', { name: 'Link and log in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel(/^Password/).fill(holder.password);
    await page.getByRole('button', { name: 'Link and log in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // From then on the school's sign-in opens the same account.
    const again = await freshPage(app);
    await again.goto(`${app.server.url}/login`);
    await continueWithSchool(again, 'hugo');
    await again.waitForURL((url) => url.pathname === '/dashboard');
    await again.goto(`${app.server.url}/profile`);
    await again.getByText(holder.email).first().waitFor();
  });

  it('refuses passwords for a domain kept to school accounts, naming the school', async () => {
    const token = await signInWithPassword(app, admin.email, admin.password);
    const api = apiClient(app, token);
    const settings = {
      displayName: 'Springfield School',
      issuer: school.issuer,
      clientId: school.clientId,
      scopes: ['groups'],
      allowedDomains: ['springfield.edu'],
      teacherClaim: 'groups',
      teacherClaimValues: ['teachers'],
    };
    await api.call('PUT', '/admin/sign-in-providers/oidc.springfield', {
      ...settings,
      schoolAccountsOnly: true,
    });
    try {
      const page = await freshPage(app);
      await page.goto(`${app.server.url}/login`);
      await logInThroughForm(page, holder.email, holder.password);
      await page.getByText('Accounts of springfield.edu sign in with Springfield School').waitFor();

      await signUpThroughForm(page, app.server.url, {
        ...testPerson('Nina New'),
        email: 'nina@springfield.edu',
      });
      await page.getByText('Accounts of springfield.edu sign in with Springfield School').waitFor();
    } finally {
      await api.call('PUT', '/admin/sign-in-providers/oidc.springfield', settings);
    }
  });
});
