import { messages } from '@/config/messages';
import { getIdentity, identityErrorCode } from './identity';
import { toast } from './toast';

/** Signs the user out and says why in a toast; the session provider clears what was theirs. */
export async function signOutWith(title: string): Promise<void> {
  await getIdentity()
    .signOut()
    .catch(() => undefined);
  toast.error(title, undefined, { id: 'session-ended' });
}

/** Spec §8: a disabled account or a dead refresh token ends the session. */
export const sessionEndedTitle = (error: unknown): string =>
  identityErrorCode(error) === 'auth/user-disabled'
    ? messages.accountDisabled
    : messages.sessionEnded;
