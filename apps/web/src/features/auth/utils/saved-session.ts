/**
 * Whether the identity SDK has a signed-in user saved in this browser. Read before the SDK
 * starts: at start it checks the saved user with the identity service and, when the account is
 * disabled or its tokens were revoked, drops it without a word, so only the before and after
 * tell that a session ended.
 */
export function hasSavedSession(): boolean {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith('firebase:authUser:'));
  } catch {
    return false;
  }
}

/**
 * Whether anyone may be signed in in this tab: a user the identity SDK kept in local storage
 * ("keep me signed in") or in this tab's session storage. Without one, the visitor is signed out
 * until they sign in, and nothing need wait for the SDK to say so.
 */
export function mayBeSignedIn(): boolean {
  const holds = (storage: Storage) =>
    Object.keys(storage).some((key) => key.startsWith('firebase:authUser:'));
  try {
    return holds(localStorage) || holds(sessionStorage);
  } catch {
    return true;
  }
}
