import type { User as FirebaseUser } from 'firebase/auth';
import { createContext } from 'react';

/** A snapshot of the signed-in account: a new object on every token or profile change. */
export interface Account {
  /**
   * The identity SDK's user; null while the app shows a page the server rendered, before the
   * SDK has started and confirmed who is signed in.
   */
  firebaseUser: FirebaseUser | null;
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; account: Account };

export interface Session {
  state: SessionState;
  /** Reloads the account from the identity service and takes a fresh ID token. */
  reloadAccount(): Promise<Account | null>;
  /** Signs out and forgets every piece of server state. */
  logout(): Promise<void>;
}

export const SessionContext = createContext<Session | null>(null);
