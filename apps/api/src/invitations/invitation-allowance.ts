import { ROLE } from '@hackclass/contracts';
import { and, count, eq, gt, min } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { invitationLinks, type UserRow } from '../db/schema';
import { apiErrors } from '../errors';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Refuses `count` more invitation mails from `inviter` when they would pass `perDay` in the
 * last 24 hours (INVITATIONS_PER_DAY), naming when the oldest of them stops counting. Admins
 * have no limit. Bulk invitations ask for all their mails at once, before sending any.
 */
export async function assertInvitationAllowance(
  db: ApiDatabase,
  inviter: Pick<UserRow, 'id' | 'roleId'>,
  mails: number,
  perDay: number,
): Promise<void> {
  if (inviter.roleId === ROLE.admin) return;
  const since = new Date(Date.now() - DAY_MS);
  const [sent] = await db
    .select({ count: count(), oldest: min(invitationLinks.createdAt) })
    .from(invitationLinks)
    .where(and(eq(invitationLinks.invitedBy, inviter.id), gt(invitationLinks.createdAt, since)));
  const used = sent?.count ?? 0;
  if (used + mails <= perDay) return;
  const oldest = sent?.oldest ? new Date(sent.oldest) : new Date();
  throw apiErrors.invitationLimit(perDay, used, new Date(oldest.getTime() + DAY_MS));
}
