import { messages } from '@/config/messages';
import { isApiError, isNetworkError } from '@/lib/errors';
import { identityErrorCode } from '@/lib/identity';

const invalidCredentialCodes = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/invalid-email',
]);

const isOffline = (error: unknown) =>
  isNetworkError(error) || identityErrorCode(error) === 'auth/network-request-failed';

/** Login: what to say, and whether the failure also signs the user out. */
export function loginFailure(error: unknown): { message: string; signOut: boolean } {
  const code = identityErrorCode(error);
  if (code && invalidCredentialCodes.has(code)) {
    return { message: messages.invalidCredentials, signOut: false };
  }
  if (isOffline(error)) return { message: messages.network, signOut: false };
  if (code === 'auth/too-many-requests')
    return { message: messages.tooManyAttempts, signOut: false };
  if (code === 'auth/user-disabled') return { message: messages.accountDisabled, signOut: false };
  return { message: messages.generic, signOut: true };
}

/** Signup: the server's title, else the cause's message, else the generic one. */
export function signupFailure(error: unknown): string {
  if (isApiError(error)) return error.title;
  if (isOffline(error)) return messages.network;
  const code = identityErrorCode(error);
  if (code === 'auth/too-many-requests') return messages.tooManyAttempts;
  if (code === 'auth/email-already-in-use') return messages.emailInUse;
  // The SDK's own messages ("Firebase: Error (auth/…)") mean nothing to a person.
  if (code) return messages.generic;
  if (error instanceof Error && error.message) return error.message;
  return messages.generic;
}

/** Whether a sign-up failed on a password the identity service finds too weak. */
export const isWeakPassword = (error: unknown): boolean =>
  (isApiError(error) && error.code === 'weak_password') ||
  identityErrorCode(error) === 'auth/weak-password' ||
  identityErrorCode(error) === 'auth/password-does-not-meet-requirements';

/** Whether a failure of an out-of-band code means the link is bad, used or expired. */
export const isBadActionCode = (error: unknown) => {
  const code = identityErrorCode(error);
  return code === 'auth/invalid-action-code' || code === 'auth/expired-action-code';
};

export { isOffline };
