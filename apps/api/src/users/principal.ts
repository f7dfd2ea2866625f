import type { ApiTokenScope } from '@hackclass/contracts';
import type { VerifiedIdToken } from '@hackclass/id-token';
import type { UserRow } from '../db/schema';

/** What a request's personal API token lets it do. */
export interface ApiTokenGrant {
  id: string;
  scopes: ApiTokenScope[];
  expiresAt: Date;
}

/**
 * Who calls, and how they proved it: a verified ID token (a person in a browser or an app), or
 * a personal API token (a script). `user` is the product user the call acts as: for a token
 * without the `admin` scope, an admin acts as a teacher.
 */
export type Principal =
  | { via: 'id-token'; token: VerifiedIdToken; user: UserRow }
  | { via: 'api-token'; apiToken: ApiTokenGrant; user: UserRow };
