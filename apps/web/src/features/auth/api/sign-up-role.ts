import type { Me, SignUpRole } from '@hackclass/contracts';
import { api } from '@/lib/api-client';

/**
 * Tells the API the role chosen at sign-up, for an account made at a Firebase project: the
 * request makes the product user if no call did before, and may be made once.
 */
export const chooseSignUpRole = (body: SignUpRole): Promise<Me> =>
  api.post('/users/me/sign-up-role', { body });
