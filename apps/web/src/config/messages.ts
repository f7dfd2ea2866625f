import { PASSWORD_MIN_LENGTH } from '@hackclass/contracts';

/**
 * Every failure message the app shows: the original product's wording, spelling corrected, plus
 * the ones it did not cover (docs/behaviour.md#failure-messages says where each one is shown).
 */
export const messages = {
  generic: 'An error occurred. Please try again or contact support.',
  invalidCredentials: 'Invalid email or password',
  emailInUse: 'An account with this email exists: sign in instead, or reset its password',
  network: 'We could not reach the server. Please check your internet connection and try again.',
  tooManyAttempts:
    'Too many failed attempts. Please wait a few minutes before trying again, or reset your password.',
  signUpProfileFailed: 'Your account was made, but not its name: set it on your profile page',
  signUpRoleFailed:
    'Your account was made, but not as a teacher: ask your HackClass admin to make you one',
  verificationMailFailed: 'An error occurred while sending the verification email',
  badVerificationLink: 'Invalid link for email verification',
  resetMailFailed: 'An error occurred while sending the password reset email',
  badResetLink: 'Invalid link for password reset',
  resetMailSent: 'If an account exists for that address, a reset link is on its way',
  sessionEnded: 'Your session has ended. Please log in again.',
  weakPassword: `That password is too short or too common to be safe. Use at least ${PASSWORD_MIN_LENGTH} characters that are hard to guess; a few unrelated words work well.`,
  accountDisabled: 'Your account has been disabled. Please contact your administrator.',
  classroomDeleteFailed: 'Error deleting classroom. Please try again.',
  classroomLabAddFailed: 'Error adding hacking lab to classroom. Please try again.',
} as const;
