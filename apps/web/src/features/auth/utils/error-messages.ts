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
  // A domain kept to school accounts: the service names the provider to use instead.
  if (code === 'auth/operation-not-allowed') {
    return { message: serverWords(error) ?? messages.generic, signOut: false };
  }
  return { message: messages.generic, signOut: true };
}

/** A sign-in through a school's provider that came back refused, in words for the person. */
export function providerFailure({ code, message }: { code: string; message: string }): string {
  switch (code) {
    case 'IDP_REFUSED':
      return message.startsWith('access_denied')
        ? 'The sign-in was cancelled at your school’s sign-in page.'
        : `Your school’s sign-in refused: ${message}`;
    case 'IDP_UNAVAILABLE':
      return `Your school’s sign-in could not be reached. Try again in a moment; if it goes on, tell your administrator. (${message})`;
    case 'IDP_MISCONFIGURED':
      return `Sign-in with your school is not set up correctly: please tell your administrator. (${message})`;
    case 'EMAIL_DOMAIN_NOT_ALLOWED':
    case 'INVALID_IDP_RESPONSE':
    case 'INVALID_PENDING_TOKEN':
    case 'MISSING_OR_INVALID_NONCE':
    case 'OPERATION_NOT_ALLOWED':
    case 'INVALID_PROVIDER_ID':
      return message ? `${message}.` : messages.generic;
    default:
      return messages.generic;
  }
}

/**
 * The identity service's own words in an SDK error (`Firebase: <words> (auth/…).`), for the
 * refusals it words itself, such as a domain kept to school accounts.
 */
function serverWords(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const words = /^Firebase: (.+) \(auth\/[\w-]+\)\.?$/.exec(error.message)?.[1];
  return words && !words.startsWith('Error') ? words : undefined;
}

/** Signup: the server's title, else the cause's message, else the generic one. */
export function signupFailure(error: unknown): string {
  if (isApiError(error)) {
    return error.code === 'school_accounts_only' && error.detail ? error.detail : error.title;
  }
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
