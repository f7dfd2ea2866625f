import {
  DISPLAY_NAME_MAX_LENGTH,
  nameProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@hackclass/contracts';

/**
 * Form checks mirroring the API's register schema, so most mistakes never leave the page (the
 * email address's: `validate-email.ts`).
 */
export const validateRequired = (label: string) => (value: string) =>
  value.trim() ? null : `Enter your ${label}`;

export const validateNewPassword = (value: string) => {
  if (value.length < PASSWORD_MIN_LENGTH) {
    return `Password should be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (value.length > PASSWORD_MAX_LENGTH) {
    return `Password should be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  return null;
};

export const validateConfirmation = (value: string, values: { password: string }) =>
  value === values.password ? null : 'Passwords do not match';

export const validateDisplayName = (value: string) => {
  if (!value.trim()) return 'Enter your name';
  if (value.trim().length > DISPLAY_NAME_MAX_LENGTH) {
    return `Name should be at most ${DISPLAY_NAME_MAX_LENGTH} characters`;
  }
  return nameProblem(value.trim());
};
