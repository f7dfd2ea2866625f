import type { SignInProviderInput } from '@hackclass/contracts';
import { type Auth, OAuthCredential, signInWithCredential } from 'firebase/auth';
import { API_KEY, type IdentityServer, PUBLIC_URL } from './identity-server';
import { type OpenIdProvider, signInAtProvider } from './openid-provider';

export * from './openid-provider';

/** The redirect URI the identity service names to providers: register it at the provider. */
export const REDIRECT_URI = `${PUBLIC_URL}/__/auth/handler`;

/** Adds `provider` to the identity service through its admin API, with `settings` on top. */
export async function addProvider(
  server: IdentityServer,
  provider: OpenIdProvider,
  settings: Partial<SignInProviderInput> & { id: string },
) {
  const response = await server.admin('PUT', `/providers/${settings.id}`, {
    displayName: 'Springfield School',
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    ...settings,
  });
  if (!response.ok) throw new Error(`adding ${settings.id}: ${await response.text()}`);
  return response.json();
}

/**
 * A trip through the auth handler page as a browser makes it: the app sends the person to the
 * handler, the handler to the provider, the provider back to the handler with its answer, and
 * the handler back to the app with the outcome in the fragment. Answers that fragment's fields
 * (`pendingToken`, or `error` and `message`).
 */
export async function tripThroughHandler(
  server: { origin: string },
  {
    providerId,
    subject,
    cancel,
    eventId = 'event-1',
    publicUrl = PUBLIC_URL,
    apiKey = API_KEY,
  }: {
    providerId: string;
    subject: string;
    cancel?: boolean;
    eventId?: string;
    /** PUBLIC_URL of the service, where the app and the registered redirect URI live. */
    publicUrl?: string;
    apiKey?: string;
  },
): Promise<Record<string, string>> {
  const start = new URL('/__/auth/handler', server.origin);
  start.search = new URLSearchParams({
    apiKey,
    providerId,
    redirectUrl: `${publicUrl}/sso?next=%2Fdashboard`,
    eventId,
  }).toString();
  const started = await fetch(start, { redirect: 'manual' });
  const cookie = started.headers.getSetCookie().map((line) => line.split(';')[0]);
  const toProvider = started.headers.get('location') ?? '';
  const outcomeOf = (location: string) =>
    Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
  if (!toProvider.startsWith('http') || new URL(toProvider).origin === new URL(publicUrl).origin) {
    return outcomeOf(toProvider);
  }
  const answer = new URL(await signInAtProvider(toProvider, subject, { cancel }));
  // The provider sends the browser to the public address; this test server listens elsewhere.
  const back = await fetch(new URL(`${answer.pathname}${answer.search}`, server.origin), {
    redirect: 'manual',
    headers: { cookie: cookie.join('; ') },
  });
  return outcomeOf(back.headers.get('location') ?? '');
}

/** Signs in through the SDK with a pending token, as the web app does after the handler. */
export function signInWithPendingToken(auth: Auth, providerId: string, pendingToken: string) {
  return signInWithCredential(auth, pendingCredential(providerId, pendingToken));
}

export function pendingCredential(providerId: string, pendingToken: string) {
  const credential = OAuthCredential.fromJSON({
    providerId,
    signInMethod: providerId,
    pendingToken,
  });
  if (!credential) throw new Error('the SDK made no credential of the pending token');
  return credential;
}
