import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation link works. */
export const INVITATION_LINK_DAYS = 30;

/** The SHA-256 of a link's token, as `invitation_links` keeps it. */
export const tokenHashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes for the link, and the hash to store instead of them. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: tokenHashOf(token) };
}
