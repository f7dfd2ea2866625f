import { ROLE, type RoleName } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { createAccount, uniqueEmail } from './accounts';
import type { ApiServer } from './api-server';
import { apiSession } from './client';

/**
 * A verified user with a role (so none left to choose), signed in, as tests of who-may-do-what need them; named like
 * their email's local part unless given a display name (or `null` for none).
 */
export async function signedInAs(
  server: ApiServer,
  role: RoleName,
  label: string = role,
  displayName?: string | null,
) {
  const { email, idToken } = await createAccount(server, {
    email: uniqueEmail(label),
    ...(displayName === undefined ? {} : { displayName }),
  });
  const session = apiSession(server, idToken);
  const { id } = (await session.call('GET', '/users/me')).json<{ id: string }>();
  const [changed] = await server.db
    .update(users)
    .set({ roleId: ROLE[role], signUpRoleOpen: false })
    .where(eq(users.id, id))
    .returning();
  // Written behind the API's back, so the API is told.
  if (changed) server.knownUsers.forget(changed.identityUid);
  return { id, email, idToken, session };
}

export type Person = Awaited<ReturnType<typeof signedInAs>>;
