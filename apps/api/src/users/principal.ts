import type { VerifiedIdToken } from '@hackclass/id-token';
import type { UserRow } from '../db/schema';

/** Who calls: their verified ID token and their product user. */
export interface Principal {
  token: VerifiedIdToken;
  user: UserRow;
}
