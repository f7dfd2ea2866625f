import type { RuntimeConfig } from '@hackclass/contracts';
import { FirebaseError, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  connectAuthEmulator,
  initializeAuth,
} from 'firebase/auth';

let auth: Auth | undefined;

/**
 * The identity SDK, pointed at the self-hosted identity service when the configuration names
 * an emulator origin (DESIGN §2), or at a real Firebase project otherwise.
 */
export function initIdentity({ identity }: RuntimeConfig): Auth {
  if (auth) return auth;
  const app = initializeApp({
    apiKey: identity.apiKey,
    projectId: identity.projectId,
    ...(identity.authDomain ? { authDomain: identity.authDomain } : {}),
  });
  auth = initializeAuth(app, { persistence: browserLocalPersistence });
  if (identity.emulatorOrigin) {
    connectAuthEmulator(auth, identity.emulatorOrigin, { disableWarnings: true });
  }
  return auth;
}

export function getIdentity(): Auth {
  if (!auth) throw new Error('The identity SDK is not initialised yet');
  return auth;
}

/** The SDK's `auth/...` code of an error, or undefined for anything else. */
export function identityErrorCode(error: unknown): string | undefined {
  return error instanceof FirebaseError && error.code.startsWith('auth/') ? error.code : undefined;
}

/** Spec §8: on these the session is over and the user is signed out. */
export const sessionEndingCodes: ReadonlySet<string> = new Set([
  'auth/user-disabled',
  'auth/user-token-expired',
]);

export const endsSession = (error: unknown): boolean =>
  sessionEndingCodes.has(identityErrorCode(error) ?? '');
