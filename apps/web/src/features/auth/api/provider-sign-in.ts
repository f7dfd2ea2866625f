import {
  type AuthCredential,
  browserLocalPersistence,
  linkWithCredential,
  OAuthCredential,
  setPersistence,
  signInWithCredential,
  signInWithEmailAndPassword,
  type User,
} from 'firebase/auth';
import { paths } from '@/config/paths';
import { getIdentity, identityErrorCode } from '@/lib/identity';
import { getRuntimeConfig, identityEmulatorOrigin } from '@/lib/runtime-config';
import { loginFailure, providerFailure } from '../utils/error-messages';

/** The trip this tab started, so that it takes back only its own (never a link sent to it). */
const TRIP_KEY = 'hackclass:provider-sign-in';

interface Trip {
  eventId: string;
  providerId: string;
}

const NOT_STARTED_HERE =
  'This sign-in was not started in this tab, or was already used. Start again from the log-in page.';

/**
 * Sends the person to their school's provider. With the built-in identity service, through its
 * auth handler page, which brings them back to `paths.providerReturn` with the outcome in the
 * fragment; with a Firebase project, through the SDK's redirect to the project's auth domain,
 * from the return page's address, where the SDK then reads the outcome.
 */
export async function startProviderSignIn(providerId: string, redirect?: string): Promise<void> {
  const config = getRuntimeConfig();
  const origin = identityEmulatorOrigin(config);
  const trip: Trip = { eventId: crypto.randomUUID(), providerId };
  sessionStorage.setItem(TRIP_KEY, JSON.stringify(trip));
  const returnHref = paths.providerReturn.getHref(redirect);
  if (!origin) {
    const [{ OAuthProvider, browserPopupRedirectResolver, signInWithRedirect }, identity] =
      await Promise.all([import('firebase/auth'), getIdentity()]);
    await setPersistence(identity, browserLocalPersistence);
    const here = window.location.href;
    window.history.replaceState(window.history.state, '', returnHref);
    try {
      await signInWithRedirect(
        identity,
        new OAuthProvider(providerId),
        browserPopupRedirectResolver,
      );
    } catch (error) {
      window.history.replaceState(window.history.state, '', here);
      throw error;
    }
    return;
  }
  const handler = new URL('/__/auth/handler', origin);
  handler.search = new URLSearchParams({
    apiKey: config.identity.apiKey,
    providerId,
    redirectUrl: new URL(returnHref, window.location.origin).href,
    eventId: trip.eventId,
  }).toString();
  window.location.assign(handler.href);
}

/** How a trip to a provider ended, as the return page shows it. */
export type ProviderReturn =
  | { kind: 'signed-in' }
  | { kind: 'failed'; message: string }
  /** The address has an account: its holder signs in by password, then links `credential`. */
  | { kind: 'link'; email: string; credential: AuthCredential };

const emailOf = (error: unknown) => {
  const email = (error as { customData?: { email?: unknown } }).customData?.email;
  return typeof email === 'string' ? email : '';
};

const pendingCredential = (providerId: string, pendingToken: string) => {
  const credential = OAuthCredential.fromJSON({
    providerId,
    signInMethod: providerId,
    pendingToken,
  });
  if (!credential) throw new Error('No credential could be made of the pending token');
  return credential;
};

/** The trip this tab started, forgotten as it is read: a reload does not redeem it twice. */
function takeTrip(): Trip | undefined {
  const kept = sessionStorage.getItem(TRIP_KEY);
  sessionStorage.removeItem(TRIP_KEY);
  return kept ? (JSON.parse(kept) as Trip) : undefined;
}

/** A Firebase project's outcome, kept by the SDK across its redirect. */
async function firebaseReturn(identity: Awaited<ReturnType<typeof getIdentity>>) {
  const { OAuthProvider, browserPopupRedirectResolver, getRedirectResult } = await import(
    'firebase/auth'
  );
  try {
    const result = await getRedirectResult(identity, browserPopupRedirectResolver);
    return result ? ({ kind: 'signed-in' } as const) : undefined;
  } catch (error) {
    const credential = OAuthProvider.credentialFromError(error as never);
    if (
      identityErrorCode(error) === 'auth/account-exists-with-different-credential' &&
      credential
    ) {
      return { kind: 'link', email: emailOf(error), credential } as const;
    }
    return { kind: 'failed', message: loginFailure(error).message } as const;
  }
}

/**
 * Ends the trip the address's fragment (built-in service) or the SDK (Firebase) tells of, if this
 * tab started it: signs in, says why not, or asks for the existing account's password.
 */
export async function completeProviderSignIn(fragment: string): Promise<ProviderReturn> {
  const trip = takeTrip();
  const identity = await getIdentity();
  if (!identityEmulatorOrigin(getRuntimeConfig())) {
    return (
      (trip && (await firebaseReturn(identity))) || { kind: 'failed', message: NOT_STARTED_HERE }
    );
  }
  const fields = new URLSearchParams(fragment.replace(/^#/, ''));
  if (!trip || fields.get('eventId') !== trip.eventId) {
    return { kind: 'failed', message: NOT_STARTED_HERE };
  }
  const pendingToken = fields.get('pendingToken');
  if (!pendingToken) {
    return {
      kind: 'failed',
      message: providerFailure({
        code: fields.get('error') ?? 'UNKNOWN',
        message: fields.get('message') ?? '',
      }),
    };
  }
  const credential = pendingCredential(trip.providerId, pendingToken);
  // A school account stays signed in across restarts: the school's sign-in decides when it ends.
  await setPersistence(identity, browserLocalPersistence);
  try {
    await signInWithCredential(identity, credential);
    return { kind: 'signed-in' };
  } catch (error) {
    if (identityErrorCode(error) === 'auth/account-exists-with-different-credential') {
      return { kind: 'link', email: emailOf(error), credential };
    }
    return { kind: 'failed', message: loginFailure(error).message };
  }
}

/** Signs the address's holder in by password, then links the school account to theirs. */
export async function linkProviderAccount({
  email,
  password,
  credential,
}: {
  email: string;
  password: string;
  credential: AuthCredential;
}): Promise<User> {
  const identity = await getIdentity();
  await setPersistence(identity, browserLocalPersistence);
  const { user } = await signInWithEmailAndPassword(identity, email, password);
  return (await linkWithCredential(user, credential)).user;
}
