import type { SignInProviderButton } from '@hackclass/contracts';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from './client';

/**
 * What the API can do about accounts that live in a Firebase project, where it holds no
 * service-account credentials: nothing at Google, so each call degrades to what HackClass
 * itself can do.
 * - Accounts are made by the web app's sign-up, straight at Firebase; the API's register
 *   refuses with `accounts_in_firebase`.
 * - Disabling blocks the user here only (the API refuses a disabled user's tokens); the
 *   Firebase account keeps working for other apps of the project.
 * - Deleting deletes the HackClass user; the web app deletes the user's own Firebase account,
 *   an admin deletes others in the Firebase console.
 * - Whether an account exists cannot be asked, so an email held by another user stays theirs.
 * - Sign-in providers are set up in the Firebase console, not here.
 * - Firebase publishes no revocations or deletions: none are read. The token verifier accepts a
 *   token for FIREBASE_MAX_TOKEN_AGE_MINUTES after issue instead of its hour.
 */
export function firebaseIdentityAdmin(
  /** FIREBASE_SIGN_IN_BUTTONS: the project's providers the sign-in page offers. */
  signInButtons: SignInProviderButton[] = [],
): IdentityAdmin {
  return {
    async createAccount() {
      throw apiErrors.accountsInFirebase();
    },
    async deleteAccount() {},
    async setDisabled() {},
    accountExists: async () => true,
    listAccountEvents: async () => [],
    // A Firebase project's providers are set in its console; none are managed here.
    providers: {
      buttons: async () => signInButtons,
      list: async () => [],
      async save() {
        throw apiErrors.providersInFirebase();
      },
      async remove() {
        throw apiErrors.providersInFirebase();
      },
      async check() {
        throw apiErrors.providersInFirebase();
      },
    },
  };
}
