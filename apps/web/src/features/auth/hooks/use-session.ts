import { useContext } from 'react';
import { type Account, type Session, SessionContext } from './session-context';

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider above it');
  return session;
}

/** The signed-in account, or null. */
export function useAccount(): Account | null {
  const { state } = useSession();
  return state.status === 'signed-in' ? state.account : null;
}
