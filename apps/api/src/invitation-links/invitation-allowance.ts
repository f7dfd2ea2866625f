import { ROLE } from '@hackclass/contracts';
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { invitationLinks, type UserRow } from '../db/schema';
import { apiErrors } from '../errors';
import type { InvitationMailing } from './queue-invitation-mail';

const DAY_MS = 24 * 60 * 60_000;

/** The namespace of the inviters' allowance locks, apart from every other advisory lock. */
const ALLOWANCE_LOCK = 0x68_63_69_6e;

/**
 * Refuses one more invitation mail from `inviter` when they have sent their allowance in the
 * last 24 hours, naming when the oldest of them stops counting: INVITATIONS_PER_DAY, or
 * INVITATIONS_PER_DAY_UNAPPROVED while their request to teach waits for an admin (they signed
 * up as a teacher where TEACHER_APPROVAL is off: anyone may, and mail strangers in our name).
 * Admins have no limit. Call it in the transaction that sends the mail: the inviter's
 * invitations take turns until it commits, so that two at once cannot both take the last one.
 * Bulk invitations ask for each address in turn, so a list past the limit invites its first
 * addresses and refuses the rest.
 */
export async function assertInvitationAllowance(
  tx: ApiDatabase,
  inviter: Pick<UserRow, 'id' | 'roleId' | 'teacherRequestedAt'>,
  mailing: Pick<InvitationMailing, 'invitationsPerDay' | 'invitationsPerDayUnapproved'>,
): Promise<void> {
  if (inviter.roleId === ROLE.admin) return;
  const approved = inviter.teacherRequestedAt === null;
  const perDay = approved ? mailing.invitationsPerDay : mailing.invitationsPerDayUnapproved;
  await tx.execute(sql`select pg_advisory_xact_lock(${ALLOWANCE_LOCK}, hashtext(${inviter.id}))`);
  const since = new Date(Date.now() - DAY_MS);
  const [sent] = await tx
    .select({ count: count(), oldest: min(invitationLinks.createdAt) })
    .from(invitationLinks)
    .where(and(eq(invitationLinks.invitedBy, inviter.id), gt(invitationLinks.createdAt, since)));
  const used = sent?.count ?? 0;
  if (used < perDay) return;
  const oldest = sent?.oldest ? new Date(sent.oldest) : new Date();
  throw apiErrors.invitationLimit(perDay, used, new Date(oldest.getTime() + DAY_MS), approved);
}
