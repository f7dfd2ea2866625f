import type { RuntimeConfig } from '@hackclass/contracts';
import type { Auth, User } from 'firebase/auth';
import { loadModule } from './load-module';
import { getRuntimeConfig, identityEmulatorOrigin } from './runtime-config';

const loadSdk = () =>
  Promise.all([
    loadModule(() => import('firebase/app')),
    loadModule(() => import('firebase/auth')),
  ]);

let loading: Promise<Auth> | undefined;
let started: (auth: Promise<Auth>) => void;
const starting = new Promise<Auth>((resolve) => {
  started = resolve;
});

/**
 * Loads the identity SDK and points it at the self-hosted identity service when the
 * configuration names an emulator origin, or at a real Firebase project otherwise
 * (docs/decisions.md#1-the-identity-service-speaks-firebases-wire-protocol).
 * The SDK is a chunk of its own, fetched beside the first page or after it (see `Boot`).
 */
export function initIdentity(config: RuntimeConfig): Promise<Auth> {
  const { identity } = config;
  const emulatorOrigin = identityEmulatorOrigin(config);
  loading ??= loadSdk().then(
    ([
      { initializeApp },
      { browserLocalPersistence, browserSessionPersistence, connectAuthEmulator, initializeAuth },
    ]) => {
      const app = initializeApp({
        apiKey: identity.apiKey,
        projectId: identity.projectId,
        ...(identity.authDomain ? { authDomain: identity.authDomain } : {}),
      });
      // A session the user chose not to keep lives in session storage: looked for there too.
      const auth = initializeAuth(app, {
        persistence: [browserLocalPersistence, browserSessionPersistence],
      });
      if (emulatorOrigin) {
        connectAuthEmulator(auth, emulatorOrigin, { disableWarnings: true });
      }
      return auth;
    },
  );
  started(loading);
  return loading;
}

/**
 * Fetches the SDK's code without starting it, before the configuration that it needs is read:
 * for a visitor who is likely signed in, whose first page waits for it.
 */
export function preloadIdentity(): void {
  loadSdk().catch(() => undefined);
}

/** The identity SDK, loaded now if nothing has started it yet (the configuration is read). */
export function getIdentity(): Promise<Auth> {
  return loading ?? initIdentity(getRuntimeConfig());
}

/**
 * Who is signed in, without loading the SDK to ask: nobody is before it starts (it starts at once
 * where someone may be, see `Boot`). Once started, the SDK is asked after it has read the user
 * it saved: a page the server rendered shows before then, and its first calls wait for it.
 */
export async function signedInUser(): Promise<User | null> {
  if (!loading) return null;
  const auth = await loading;
  await auth.authStateReady();
  return auth.currentUser;
}

/** The identity SDK, once something has started it: for what only listens to it. */
export const whenIdentityStarts = (): Promise<Auth> => starting;

/** The SDK's `auth/...` code of an error, or undefined for anything else. */
export function identityErrorCode(error: unknown): string | undefined {
  // By name rather than `instanceof FirebaseError`, so the SDK need not be loaded to ask.
  if (!(error instanceof Error) || error.name !== 'FirebaseError' || !('code' in error)) {
    return undefined;
  }
  const { code } = error;
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined;
}

/** On these the session is over and the user is signed out. */
export const sessionEndingCodes: ReadonlySet<string> = new Set([
  'auth/user-disabled',
  'auth/user-token-expired',
]);

export const endsSession = (error: unknown): boolean =>
  sessionEndingCodes.has(identityErrorCode(error) ?? '');
