import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { invitationLinks, users } from '../db/schema';

/**
 * Closes the mailed links still open for one address in one classroom: `withdrawn` when the
 * invitation or the membership ends, `accepted` when the membership is accepted some other way.
 * An open link otherwise outlives what it invited to, and could accept a later request to join.
 */
export async function closeInvitationLinks(
  tx: ApiDatabase,
  classroomId: string,
  email: string | SQL,
  as: 'withdrawn' | 'accepted',
): Promise<void> {
  const now = new Date();
  await tx
    .update(invitationLinks)
    .set(as === 'withdrawn' ? { withdrawnAt: now } : { acceptedAt: now })
    .where(
      and(
        eq(invitationLinks.classroomId, classroomId),
        eq(invitationLinks.email, email),
        isNull(invitationLinks.withdrawnAt),
        isNull(invitationLinks.acceptedAt),
      ),
    );
}

/** The address of a user, as the links store it. */
export const linkEmailOf = (userId: string) =>
  sql`(select lower(${users.email}) from ${users} where ${users.id} = ${userId})`;
