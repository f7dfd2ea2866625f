import { type Invitation, normalizeEmail } from '@hackclass/contracts';
import { and, eq, max, sql } from 'drizzle-orm';
import type { ClassroomRow } from '../classrooms/find-classrooms';
import type { ApiDatabase } from '../db';
import { emailInvitations, invitationLinks, members, users } from '../db/schema';
import { apiErrors } from '../errors';
import { assertInvitationAllowance } from '../invitation-links/invitation-allowance';
import {
  type InvitationMailing,
  queueInvitationMail,
} from '../invitation-links/queue-invitation-mail';
import type { Inviter } from './invite-member';
import { displayNameOf } from './membership-rows';

/** A mail lost in a spam folder is worth another; a teacher's impatience, not every minute. */
export const RESEND_AFTER_MS = 10 * 60_000;

/** Whether an invitation to `email` waits in the classroom, with or without an account. */
async function waitsFor(tx: ApiDatabase, classroomId: string, email: string): Promise<boolean> {
  const [waiting] = await tx
    .select({ email: emailInvitations.email })
    .from(emailInvitations)
    .where(and(eq(emailInvitations.classroomId, classroomId), eq(emailInvitations.email, email)))
    .limit(1);
  if (waiting) return true;
  const [invited] = await tx
    .select({ userId: members.userId })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(
      and(
        eq(members.classroomId, classroomId),
        eq(members.status, 'Invited'),
        eq(sql`lower(${users.email})`, email),
      ),
    )
    .limit(1);
  return invited !== undefined;
}

/**
 * Mails an invitation not yet accepted again, with a new link (the earlier ones still work
 * until they expire), at most once per RESEND_AFTER_MS and within the inviter's daily allowance.
 */
export async function resendInvitation(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviter: Inviter,
  userEmail: string,
  mailing: InvitationMailing,
  now = new Date(),
): Promise<Invitation> {
  const email = normalizeEmail(userEmail);
  return db.transaction(async (tx) => {
    if (!(await waitsFor(tx, classroom.id, email))) {
      throw apiErrors.notFound('No invitation to this email waits in this classroom');
    }
    const [last] = await tx
      .select({ at: max(invitationLinks.createdAt) })
      .from(invitationLinks)
      .where(and(eq(invitationLinks.classroomId, classroom.id), eq(invitationLinks.email, email)));
    const lastAt = last?.at ? new Date(last.at).getTime() : undefined;
    if (lastAt !== undefined && now.getTime() - lastAt < RESEND_AFTER_MS) {
      const wait = Math.ceil((lastAt + RESEND_AFTER_MS - now.getTime()) / 60_000);
      throw apiErrors.invitationSentRecently(RESEND_AFTER_MS / 60_000, wait);
    }
    await assertInvitationAllowance(tx, inviter, mailing);
    await queueInvitationMail(
      tx,
      mailing,
      { classroomId: classroom.id, classroomName: classroom.name, email },
      { id: inviter.id, name: displayNameOf(inviter) },
    );
    return { email, status: 'Invited' };
  });
}
