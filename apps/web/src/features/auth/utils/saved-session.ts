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
