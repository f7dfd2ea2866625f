import { messages } from '@/config/messages';
import { isApiError } from '@/lib/errors';
import { passwordChangeFailure } from './password-errors';

export const wrongPassword = 'Your password is not correct';

/** Which field a failed deletion belongs to, and what to say. */
export function deleteAccountFailure(error: unknown): {
  field: 'password' | 'typedEmail' | null;
  message: string;
} {
  if (isApiError(error)) {
    if (error.code === 'deletion_not_confirmed') {
      return { field: 'typedEmail', message: error.detail ?? error.title };
    }
    return { field: null, message: error.detail ?? messages.generic };
  }
  const { field, message } = passwordChangeFailure(error);
  return field === 'currentPassword'
    ? { field: 'password', message: wrongPassword }
    : { field: null, message };
}
