import { useQueryClient } from '@tanstack/react-query';
import type { User as FirebaseUser } from 'firebase/auth';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { getIdentity, whenIdentityStarts } from '@/lib/identity';
import { endSessionOn } from '@/lib/session-end';
import { keepPageSession } from '../api/page-session';
import {
  type Account,
  type Session,
  SessionContext,
  type SessionState,
} from '../hooks/session-context';
import { hasSavedSession, mayBeSignedIn } from '../utils/saved-session';
import { scheduleTokenRefresh, tokenPredatesVerification } from '../utils/token-refresh';

const snapshot = (user: FirebaseUser): Account => ({
  firebaseUser: user,
  uid: user.uid,
  email: user.email ?? '',
  emailVerified: user.emailVerified,
  displayName: user.displayName,
  photoUrl: user.photoURL,
});

interface SessionProviderProps {
  children: ReactNode;
  /**
   * The account a page the server rendered was rendered for: signed in as it until the identity
   * SDK, once started, says who is (the same account, or another, or nobody).
   */
  renderedFor?: Omit<Account, 'firebaseUser'>;
}

/**
 * The session: who is signed in, kept fresh by our own refresh clock, and handed to the server
 * for the pages it renders. When the account changes or goes, every cached piece of server state
 * goes with it.
 */
export function SessionProvider({ children, renderedFor }: SessionProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<SessionState>(() => {
    if (renderedFor)
      return { status: 'signed-in', account: { ...renderedFor, firebaseUser: null } };
    return mayBeSignedIn() ? { status: 'loading' } : { status: 'signed-out' };
  });
  const lastUid = useRef<string | null>(renderedFor?.uid ?? null);

  useEffect(() => {
    let cancelRefresh: (() => void) | undefined;
    let unsubscribe: (() => void) | undefined;
    let current = true;
    let savedSession = hasSavedSession();
    let renewedFor: string | null = null;
    const onUser = (user: FirebaseUser | null) => {
      if (!user && savedSession)
        toast.error(messages.sessionEnded, undefined, { id: 'session-ended' });
      savedSession = false;
      cancelRefresh?.();
      cancelRefresh = user ? scheduleTokenRefresh(user, endSessionOn) : undefined;
      const uid = user?.uid ?? null;
      if (lastUid.current !== null && lastUid.current !== uid) queryClient.clear();
      lastUid.current = uid;
      void keepPageSession(user);
      setState(user ? { status: 'signed-in', account: snapshot(user) } : { status: 'signed-out' });
    };
    whenIdentityStarts()
      .then((auth) => {
        if (!current) return;
        unsubscribe = auth.onIdTokenChanged((user) => {
          if (!user) return onUser(null);
          // Signed in only with a token the API accepts. Renewed once per account: a new token
          // that still says unverified is the identity service's word.
          tokenPredatesVerification(user)
            .then(async (stale) => {
              if (stale && renewedFor !== user.uid) {
                renewedFor = user.uid;
                await user.getIdToken(true);
              }
              if (auth.currentUser === user) onUser(user);
            })
            .catch((error: unknown) => {
              if (!endSessionOn(error) && auth.currentUser === user) onUser(user);
            });
        });
      })
      .catch((error: unknown) => {
        // Without the SDK nobody can be signed in; the sign-in page says what went wrong.
        console.error(error);
        if (current) setState({ status: 'signed-out' });
      });
    return () => {
      current = false;
      cancelRefresh?.();
      unsubscribe?.();
    };
  }, [queryClient]);

  const reloadAccount = useCallback(async () => {
    const user = (await getIdentity()).currentUser;
    if (!user) return null;
    await user.reload();
    await user.getIdToken(true);
    const account = snapshot(user);
    setState({ status: 'signed-in', account });
    return account;
  }, []);

  const logout = useCallback(async () => {
    await (await getIdentity()).signOut();
    queryClient.clear();
  }, [queryClient]);

  const session = useMemo<Session>(
    () => ({ state, reloadAccount, logout }),
    [state, reloadAccount, logout],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
