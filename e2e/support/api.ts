import type { AccountDetails } from './accounts';
import type { RunningApp } from './app';

/**
 * The product API and the identity service spoken to directly, as the web app does, to seed
 * what a journey needs but does not test (accounts, extra members).
 */
export interface ApiClient {
  /** JSON bodies are sent as JSON, FormData as multipart. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
}

interface IdentityConfig {
  apiKey: string;
  emulatorOrigin?: string;
}

async function identityOf(app: RunningApp): Promise<IdentityConfig & { origin: string }> {
  const config = (await (await fetch(`${app.server.url}/config.json`)).json()) as {
    identity: IdentityConfig;
  };
  return { ...config.identity, origin: config.identity.emulatorOrigin ?? app.server.url };
}

async function identityCall<T>(app: RunningApp, method: string, body: unknown): Promise<T> {
  const identity = await identityOf(app);
  const response = await fetch(
    `${identity.origin}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${identity.apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const data = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`identity ${method} failed: ${data.error?.message}`);
  return data;
}

/** An API session: the bearer token (when signed in) and an anti-forgery token with its cookie. */
export function apiClient(app: RunningApp, idToken?: string): ApiClient {
  let antiforgery: { token: string; cookie: string } | undefined;
  const base = `${app.server.url}/api`;
  const token = async () => {
    if (antiforgery) return antiforgery;
    // The token is bound to the signed-in user, as the web app gets it.
    const response = await fetch(`${base}/auth/antiforgery/token`, {
      method: 'POST',
      headers: idToken ? { authorization: `Bearer ${idToken}` } : {},
    });
    const { token: value } = (await response.json()) as { token: string };
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    antiforgery = { token: value, cookie };
    return antiforgery;
  };
  return {
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (idToken) headers.authorization = `Bearer ${idToken}`;
      if (method !== 'GET') {
        const { token: value, cookie } = await token();
        headers['x-xsrf-token'] = value;
        headers.cookie = cookie;
      }
      const isForm = body instanceof FormData;
      if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, {
        method,
        headers,
        body: isForm ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
  };
}

/**
 * The identity service's admin API, as the product API calls it
 * (docs/architecture.md#the-identity-service-appsidentity).
 */
export async function identityAdmin(app: RunningApp, method: string, path: string) {
  const response = await fetch(`${app.server.url}/identity/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${app.identityAdminSecret}` },
  });
  if (!response.ok) {
    throw new Error(
      `identity admin ${method} ${path}: ${response.status} ${await response.text()}`,
    );
  }
}

/** Changes an account's password as a signed-in client does, which ends its other sessions. */
export const changePassword = (app: RunningApp, idToken: string, password: string) =>
  identityCall(app, 'update', { idToken, password, returnSecureToken: true });

export const signInWithPassword = async (app: RunningApp, email: string, password: string) =>
  (
    await identityCall<{ idToken: string }>(app, 'signInWithPassword', {
      email,
      password,
      returnSecureToken: true,
    })
  ).idToken;

/**
 * A registered account whose email is verified, made as the signup page does (register, then
 * the verification mail's code) but without a browser. Answers a fresh, verified ID token.
 */
export async function createVerifiedAccount(app: RunningApp, account: AccountDetails) {
  await apiClient(app).call('POST', '/auth/register', {
    email: account.email,
    password: account.password,
    displayName: account.name,
    roleId: account.role === 'Teacher' ? 2 : 1,
  });
  const idToken = await signInWithPassword(app, account.email, account.password);
  const mail = app.smtp.expectMail(account.email, 15_000);
  await identityCall(app, 'sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  const raw = (await mail.arrived()).raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const oobCode = /oobCode=([^&\s"<>]+)/.exec(raw)?.[1];
  if (!oobCode) throw new Error(`no verification code in the mail to ${account.email}`);
  await identityCall(app, 'update', { oobCode });
  return { ...account, idToken: await signInWithPassword(app, account.email, account.password) };
}

/** Verified accounts for the people, made at once; an API client signed in as each, in order. */
export function signedUpClients<const People extends AccountDetails[]>(
  app: RunningApp,
  ...people: People
): Promise<{ [Index in keyof People]: ApiClient }> {
  const clients = people.map(async (person) =>
    apiClient(app, (await createVerifiedAccount(app, person)).idToken),
  );
  // Promise.all answers an array; it has one client per person, in their order.
  return Promise.all(clients) as Promise<{ [Index in keyof People]: ApiClient }>;
}
