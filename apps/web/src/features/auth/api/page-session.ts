import type { PageSessionRequest } from '@hackclass/contracts';
import type { User } from 'firebase/auth';
import { api } from '@/lib/api-client';
import { hasSavedSession } from '../utils/saved-session';

/** The ID token this tab last handed the server. */
let handedOver: string | undefined;
/** Whether the server may hold a token of this browser's user: this tab gave it one, or used it. */
let held = false;

/**
 * Hands the server each new ID token of a verified user, for it to render their pages with their
 * data on a first visit (the page session, see `PUT /page-session`), and has it drop the token
 * once the user is signed out. A failure only means that pages render in the browser: it is
 * logged, and the next token is handed over again.
 */
export async function keepPageSession(user: User | null): Promise<void> {
  try {
    if (!user) {
      if (!held) return;
      held = false;
      handedOver = undefined;
      await api.delete('/page-session');
      return;
    }
    if (!user.emailVerified) return;
    const idToken = await user.getIdToken();
    if (idToken === handedOver) return;
    handedOver = idToken;
    held = true;
    const body: PageSessionRequest = { keepSignedIn: hasSavedSession() };
    await api.put('/page-session', { body });
  } catch (error) {
    handedOver = undefined;
    console.warn('The page session was not kept', error);
  }
}

/** The server rendered this tab's first page with a page session. */
export function pageSessionUsed(): void {
  held = true;
}
