import { z } from 'zod';
import { INVALID_EMAIL, isEmailAddress } from './email-address';

export {
  EMAIL_MAX_LENGTH,
  INVALID_EMAIL,
  isEmailAddress,
  normalizeEmail,
} from './email-address';

/** An email address typed by a person: trimmed, and refused unless `isEmailAddress`. */
export const emailSchema = z.string().trim().refine(isEmailAddress, INVALID_EMAIL);
