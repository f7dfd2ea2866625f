import { messages } from '@/config/messages';
import { isApiError } from './errors';
import { endsSession, getIdentity, identityErrorCode } from './identity';
import { noticeError } from './notices';

/** Signs the user out and says why; the session provider clears what was theirs. */
export async function signOutWith(title: string): Promise<void> {
  await getIdentity()
    .then((auth) => auth.signOut())
    .catch(() => undefined);
  noticeError({ title, id: 'session-ended' });
}

/**
 * Disabled by an admin: the identity service refuses to refresh, and the API refuses the ID
 * token the user still holds (it stays valid for up to an hour).
 */
export const isAccountDisabled = (error: unknown): boolean =>
  identityErrorCode(error) === 'auth/user-disabled' ||
  (isApiError(error) && error.code === 'account_disabled');

/** A disabled account or a dead refresh token ends the session. */
export const sessionEndedTitle = (error: unknown): string =>
  isAccountDisabled(error) ? messages.accountDisabled : messages.sessionEnded;

/** Ends the session on a disabled account or a dead refresh token; says whether it did. */
export function endSessionOn(error: unknown): boolean {
  if (!endsSession(error)) return false;
  void signOutWith(sessionEndedTitle(error));
  return true;
}
