import type { RuntimeConfig } from '@hackclass/contracts';
import type { Auth } from 'firebase/auth';
import { identityEmulatorOrigin } from './runtime-config';

let loading: Promise<Auth> | undefined;

/**
 * Loads the identity SDK and points it at the self-hosted identity service when the
 * configuration names an emulator origin, or at a real Firebase project otherwise
 * (docs/decisions.md#1-the-identity-service-speaks-firebases-wire-protocol).
 * The SDK is a chunk of its own, fetched while the first page renders rather than before it.
 */
export function initIdentity(config: RuntimeConfig): Promise<Auth> {
  const { identity } = config;
  const emulatorOrigin = identityEmulatorOrigin(config);
  loading ??= Promise.all([import('firebase/app'), import('firebase/auth')]).then(
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
  return loading;
}

/** The identity SDK, once `initIdentity` (called at boot) has loaded it. */
export function getIdentity(): Promise<Auth> {
  if (!loading) throw new Error('The identity SDK is not initialised yet');
  return loading;
}

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
