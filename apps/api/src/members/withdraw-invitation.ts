import { normalizeEmail } from '@hackclass/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { emailInvitations, members, users } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { closeInvitationLinks } from '../invitation-links/close-invitation-links';

/**
 * The teacher or an admin takes back an invitation not yet accepted, to an account or to an
 * email waiting for one alike. Its mailed links then say it was withdrawn.
 */
export async function withdrawInvitation(
  db: ApiDatabase,
  classroomId: string,
  userEmail: string,
): Promise<void> {
  const email = normalizeEmail(userEmail);
  return db.transaction(async (tx) => {
    const waiting = await tx
      .delete(emailInvitations)
      .where(and(eq(emailInvitations.classroomId, classroomId), eq(emailInvitations.email, email)))
      .returning({ email: emailInvitations.email });
    const invited = await tx
      .delete(members)
      .where(
        and(
          eq(members.classroomId, classroomId),
          eq(members.status, 'Invited'),
          inArray(
            members.userId,
            tx
              .select({ id: users.id })
              .from(users)
              .where(eq(sql`lower(${users.email})`, email)),
          ),
        ),
      )
      .returning({ userId: members.userId });
    if (waiting.length + invited.length === 0) throw apiErrors.notFound('Invitation not found');
    await closeInvitationLinks(tx, classroomId, email, 'withdrawn');
    recordEvent(tx, { type: 'members.changed', classroomId });
  });
}
