import type { ProviderCheck, SignInProvider, SignInProviderInput } from '@hackclass/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { initIdentity } from '@/lib/identity';
import { renderInApp } from '../../../../test/render-in-app';
import { loadTestRuntimeConfig } from '../../../../test/runtime-config';
import { SignInProvidersPanel } from './sign-in-providers-panel';

const provider = (name: string, id: string, settings: Partial<SignInProvider> = {}) =>
  ({
    id,
    displayName: name,
    issuer: `https://login.${id.slice('oidc.'.length)}.example`,
    clientId: `hackclass-${id.slice('oidc.'.length)}`,
    scopes: [],
    allowedDomains: [],
    teacherDomains: [],
    teacherClaim: null,
    teacherClaimValues: [],
    schoolAccountsOnly: false,
    enabled: true,
    createdAt: '2026-11-26T12:00:00.000Z',
    updatedAt: '2026-11-26T12:00:00.000Z',
    ...settings,
  }) satisfies SignInProvider;

const northside = provider('Northside School', 'oidc.northside', {
  allowedDomains: ['northside.example', 'staff.northside.example'],
  teacherDomains: ['staff.northside.example'],
  schoolAccountsOnly: true,
});
const riverside = provider('Riverside Academy', 'oidc.riverside', {
  scopes: ['groups'],
  teacherClaim: 'groups',
  teacherClaimValues: ['teachers'],
  enabled: false,
});

const problem = (status: number, body: Record<string, unknown>) =>
  Response.json(
    { type: 'about:blank', status, ...body },
    { status, headers: { 'content-type': 'application/problem+json' } },
  );

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Stands in for the API at the network's edge, as the admin's routes answer: the providers kept
 * here, changed by PUT and DELETE. `refuse` answers a PUT instead; `checks` a test sign-in.
 */
function serveProviders(
  initial: SignInProvider[],
  options: { refuse?: () => Response; checks?: () => Promise<ProviderCheck[]> } = {},
) {
  const providers = [...initial];
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), window.location.origin);
    const method = init?.method ?? 'GET';
    if (pathname === '/api/auth/antiforgery/token') return Response.json({ token: 'xsrf' });
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method !== 'GET') sent.push({ method, path: pathname, body });
    const [, id, check] = /^\/api\/admin\/sign-in-providers(?:\/([^/]+))?(\/check)?$/.exec(
      pathname,
    ) ?? [null];
    if (method === 'GET' && !id) return Response.json({ providers });
    const at = providers.findIndex((item) => item.id === id);
    if (method === 'PUT' && id) {
      if (options.refuse) return options.refuse();
      const { clientSecret: _secret, ...settings } = body as Omit<SignInProviderInput, 'id'>;
      const saved = provider(settings.displayName, id, settings as Partial<SignInProvider>);
      providers.splice(at === -1 ? providers.length : at, at === -1 ? 0 : 1, saved);
      return Response.json(saved);
    }
    if (method === 'DELETE' && at !== -1) {
      providers.splice(at, 1);
      return new Response(null, { status: 204 });
    }
    if (method === 'POST' && check && options.checks) {
      return Response.json({ checks: await options.checks() });
    }
    return problem(404, { code: 'not_found', title: 'Not found' });
  });
  return { sent };
}

async function renderPanel(...args: Parameters<typeof serveProviders>) {
  const api = serveProviders(...args);
  const screen = await renderInApp(<SignInProvidersPanel />);
  return { screen, ...api };
}

describe('SignInProvidersPanel', () => {
  beforeAll(async () => {
    await initIdentity(await loadTestRuntimeConfig());
    // Wide enough for the table; phones get the same providers as cards.
    await page.viewport(1280, 900);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says what a provider is while there is none, and offers to add one', async () => {
    const { screen } = await renderPanel([]);

    await expect.element(screen.getByText('No sign-in providers yet')).toBeVisible();
    await expect.element(screen.getByText(/your school’s own sign-in service/)).toBeVisible();
    await screen.getByRole('button', { name: 'Add a provider' }).click();
    await expect.element(screen.getByRole('dialog', { name: 'Add a provider' })).toBeVisible();
  });

  it('adds a provider, sending its settings once, and never shows the secret again', async () => {
    const { screen, sent } = await renderPanel([]);
    await screen.getByRole('button', { name: 'Add a provider' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Add a provider' });

    await expect
      .element(dialog.getByRole('textbox', { name: 'Redirect URI' }))
      .toHaveValue(`${window.location.origin}/__/auth/handler`);
    await expect
      .element(dialog.getByRole('button', { name: 'Copy the redirect URI' }))
      .toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name on the button' }).fill('Northside School');
    await dialog.getByRole('textbox', { name: 'Provider id' }).fill('oidc.northside');
    await dialog.getByRole('textbox', { name: 'Issuer' }).fill('https://login.northside.example');
    await dialog.getByRole('textbox', { name: 'Client id' }).fill('hackclass-northside');
    await dialog.getByLabelText(/^Client secret/).fill('s3cret-of-northside');
    await userEvent.type(
      dialog.getByRole('combobox', { name: 'Allowed email domains' }),
      'northside.example,staff.northside.example,',
    );
    await userEvent.type(
      dialog.getByRole('combobox', { name: 'Teacher email domains' }),
      'staff.northside.example{Enter}',
    );
    await dialog.getByRole('switch', { name: /^School accounts only/ }).click();
    await dialog.getByRole('button', { name: 'Add provider' }).click();

    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/admin/sign-in-providers/oidc.northside',
        body: {
          displayName: 'Northside School',
          issuer: 'https://login.northside.example',
          clientId: 'hackclass-northside',
          clientSecret: 's3cret-of-northside',
          scopes: [],
          allowedDomains: ['northside.example', 'staff.northside.example'],
          teacherDomains: ['staff.northside.example'],
          teacherClaim: null,
          teacherClaimValues: [],
          schoolAccountsOnly: true,
          enabled: true,
        },
      },
    ]);
    const row = screen.getByRole('table', { name: 'Sign-in providers' }).getByRole('row').nth(1);
    await expect.element(row).toMatchTextContent(/Northside School.*oidc\.northside/);
    await expect.element(row.getByText('School accounts only')).toBeVisible();
    expect(document.body.textContent).not.toContain('s3cret-of-northside');
    expect(document.querySelectorAll('input[value="s3cret-of-northside"]')).toHaveLength(0);
  });

  it('says on the field what the contract refuses, and sends nothing', async () => {
    const { screen, sent } = await renderPanel([northside]);
    await screen.getByRole('button', { name: 'Add a provider' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Add a provider' });

    await dialog.getByRole('textbox', { name: 'Name on the button' }).fill('Northside again');
    await dialog.getByRole('textbox', { name: 'Provider id' }).fill('oidc.northside');
    await dialog.getByRole('textbox', { name: 'Issuer' }).fill('login.northside.example');
    await dialog.getByRole('button', { name: 'Add provider' }).click();

    const id = dialog.getByRole('textbox', { name: 'Provider id' });
    await expect.element(id).toHaveAccessibleDescription(/A provider has this id already/);
    await expect.element(id).toHaveFocus();
    await expect
      .element(dialog.getByRole('textbox', { name: 'Issuer' }))
      .toHaveAccessibleDescription(
        /The issuer is an address such as https:\/\/accounts\.google\.com/,
      );
    await expect
      .element(dialog.getByLabelText(/^Client secret/))
      .toHaveAccessibleDescription(/Enter the client secret/);
    expect(sent).toEqual([]);
  });

  it('puts the API’s field errors on their fields, and its other refusals above the form', async () => {
    let refusal = problem(400, {
      code: 'validation_failed',
      title: 'Invalid input',
      detail: 'Some fields are not valid',
      errors: { 'teacherDomains.0': ['Not a domain this server accepts'] },
    });
    const { screen } = await renderPanel([riverside], { refuse: () => refusal });
    await screen.getByRole('button', { name: 'Edit Riverside Academy' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Edit Riverside Academy' });
    const save = dialog.getByRole('button', { name: 'Save changes' });

    await save.click();
    await expect
      .element(dialog.getByRole('combobox', { name: 'Teacher email domains' }))
      .toHaveAccessibleDescription(/Not a domain this server accepts/);

    refusal = problem(400, {
      code: 'bad_request',
      title: 'Bad request',
      detail: 'issuer: a provider is reached over HTTPS (plain HTTP only on this machine)',
    });
    await save.click();
    await expect
      .element(dialog.getByRole('alert'))
      .toMatchTextContent('issuer: a provider is reached over HTTPS');
  });

  it('edits a provider without sending a secret, which keeps the stored one', async () => {
    const { screen, sent } = await renderPanel([northside, riverside]);
    await screen.getByRole('button', { name: 'Edit Riverside Academy' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Edit Riverside Academy' });

    const secret = dialog.getByLabelText(/^Client secret/);
    await expect.element(secret).toHaveValue('');
    await expect.element(secret).toHaveAccessibleDescription(/Leave empty to keep the current one/);
    await expect
      .element(dialog.getByRole('textbox', { name: 'Provider id' }))
      .toHaveAttribute('readonly');
    await dialog.getByRole('textbox', { name: 'Name on the button' }).fill('Riverside');
    await dialog.getByRole('switch', { name: /^Enabled/ }).click();
    await dialog.getByRole('button', { name: 'Save changes' }).click();

    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/api/admin/sign-in-providers/oidc.riverside');
    expect(sent[0]?.body).toMatchObject({
      displayName: 'Riverside',
      scopes: ['groups'],
      teacherClaim: 'groups',
      teacherClaimValues: ['teachers'],
      enabled: true,
    });
    expect(sent[0]?.body).not.toHaveProperty('clientSecret');
    await expect
      .element(screen.getByRole('button', { name: 'Edit Riverside', exact: true }))
      .toBeVisible();
  });

  it('tests a sign-in, waiting, then showing each step with ✓ or ✗ and its message', async () => {
    let answer: (checks: ProviderCheck[]) => void = () => {};
    const { screen, sent } = await renderPanel([northside, riverside], {
      checks: () => new Promise((resolve) => (answer = resolve)),
    });
    await screen.getByRole('button', { name: 'Test sign-in with Northside School' }).click();
    const dialog = screen.getByRole('dialog', { name: 'Test sign-in with Northside School' });

    await expect.element(dialog.getByText('Asking the provider…')).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Test again' })).toBeDisabled();
    answer([
      { step: 'discovery', ok: true, message: 'Found https://login.northside.example' },
      { step: 'keys', ok: true, message: '2 signing key(s)' },
      {
        step: 'client',
        ok: false,
        message: 'The provider refused the client id or secret (invalid_client)',
      },
    ]);

    const steps = dialog.getByRole('list', { name: 'Steps' }).getByRole('listitem');
    await expect.element(steps.nth(0)).toMatchTextContent('Discovery document: passed');
    await expect.element(steps.nth(1)).toMatchTextContent('Signing keys: passed');
    await expect
      .element(steps.nth(2))
      .toMatchTextContent(
        'Client id and secret: failedThe provider refused the client id or secret (invalid_client)',
      );
    await expect.element(dialog.getByText(/^A step failed/)).toBeVisible();
    expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/admin/sign-in-providers/oidc.northside/check',
    ]);
  });

  it('deletes a provider only once the admin confirms, saying what becomes of its accounts', async () => {
    const { screen, sent } = await renderPanel([northside, riverside]);
    const dialog = screen.getByRole('dialog', { name: 'Delete provider' });

    await screen.getByRole('button', { name: 'Delete Northside School' }).click();
    await expect.element(dialog).toMatchTextContent(/accounts that signed in with it stay/);
    await expect
      .element(dialog)
      .toMatchTextContent(/only ever signed in through Northside School must reset a password/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(dialog).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await screen.getByRole('button', { name: 'Delete Northside School' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect
      .element(screen.getByRole('button', { name: 'Edit Northside School' }))
      .not.toBeInTheDocument();
    expect(sent).toEqual([
      { method: 'DELETE', path: '/api/admin/sign-in-providers/oidc.northside', body: undefined },
    ]);
    await expect
      .element(screen.getByRole('button', { name: 'Edit Riverside Academy' }))
      .toBeVisible();
  });
});
