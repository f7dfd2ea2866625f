import { messages } from '@/config/messages';
import { identityErrorCode } from '@/lib/identity';

export const wrongCurrentPassword = 'Your current password is not correct';

/** Which field a failure of the password change belongs to, and what to say. */
export function passwordChangeFailure(error: unknown): {
  field: 'currentPassword' | 'newPassword' | null;
  message: string;
} {
  const code = identityErrorCode(error);
  if (
    code === 'auth/wrong-password' ||
    code === 'auth/invalid-credential' ||
    code === 'auth/invalid-login-credentials'
  ) {
    return { field: 'currentPassword', message: wrongCurrentPassword };
  }
  if (code === 'auth/weak-password' || code === 'auth/password-does-not-meet-requirements') {
    return { field: 'newPassword', message: messages.weakPassword };
  }
  if (code === 'auth/too-many-requests') return { field: null, message: messages.tooManyAttempts };
  if (code === 'auth/network-request-failed') return { field: null, message: messages.network };
  return { field: null, message: messages.generic };
}
