import { randomUUID } from 'node:crypto';
import type { ApiServer } from './api-server';
import { TEST_API_KEY } from './api-server';

export const TEST_PASSWORD = 'correct horse battery';

export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@example.org`;

/** An ID token for an account, through the identity service's public sign-in endpoint. */
export async function signIn(
  server: Pick<ApiServer, 'origin'>,
  email: string,
  password = TEST_PASSWORD,
) {
  const response = await fetch(
    `${server.origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!body.idToken) throw new Error(`sign-in failed: ${body.error?.message}`);
  return body.idToken;
}

/**
 * An identity account made through the admin API, verified unless asked otherwise, named like
 * its email's local part unless given a name or `null` for none.
 */
export async function createAccount(
  server: Pick<ApiServer, 'origin' | 'adminSecret'>,
  {
    email = uniqueEmail(),
    emailVerified = true,
    displayName = email.split('@')[0] ?? email,
  }: { email?: string; emailVerified?: boolean; displayName?: string | null } = {},
) {
  const response = await fetch(`${server.origin}/identity/admin/v1/accounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: TEST_PASSWORD,
      emailVerified,
      ...(displayName === null ? {} : { displayName }),
    }),
  });
  if (!response.ok) throw new Error(`account creation failed: ${await response.text()}`);
  return { email, idToken: await signIn(server, email) };
}
