import { INVALID_EMAIL, isEmailAddress } from '@hackclass/contracts/email-address';

/**
 * The API's check of an email address, before the form sends it. Apart from `validation.ts`, whose
 * other checks come with the schema library: the sign-in page loads none.
 */
export const validateEmail = (value: string) => (isEmailAddress(value) ? null : INVALID_EMAIL);
