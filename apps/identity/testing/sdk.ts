import { randomUUID } from 'node:crypto';
import { createIdTokenVerifier } from '@hackclass/id-token';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  initializeAuth,
  inMemoryPersistence,
} from 'firebase/auth';
import { API_KEY, type IdentityServer, PROJECT_ID } from './identity-server';

const apps: ReturnType<typeof initializeApp>[] = [];

/** A firebase/auth client of its own (a fresh app name), pointed at the test server. */
export function sdkClient(server: IdentityServer) {
  const app = initializeApp({ apiKey: API_KEY, projectId: PROJECT_ID }, `test-${randomUUID()}`);
  apps.push(app);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, server.origin, { disableWarnings: true });
  return auth;
}

/** A new account signed up through its own SDK client. */
export async function signUpWithSdk(server: IdentityServer, email = uniqueEmail()) {
  const auth = sdkClient(server);
  const { user } = await createUserWithEmailAndPassword(auth, email, 'correct horse');
  return { auth, user, email };
}

export async function deleteSdkClients(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
}

/** Verifies tokens as the product API will: against the published JWKS, by URL. */
export function jwksVerifier(server: IdentityServer) {
  return createIdTokenVerifier({
    projectId: PROJECT_ID,
    keys: `${server.origin}/.well-known/jwks.json`,
    now: () => server.clock.now().getTime(),
  });
}

/** The error code an SDK call fails with. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return 'resolved';
}

let counter = 0;
export const uniqueEmail = (label = 'user') => `${label}-${Date.now()}-${counter++}@example.org`;
