import { invitationMail, mailBrandOf } from '@hackclass/mail';
import type { ApiDatabase } from '../db';
import { invitationLinks } from '../db/schema';
import { queueMail } from '../mail/queue-mail';
import { INVITATION_LINK_DAYS, newInvitationToken } from './invitation-token';

/** What the invitation mails need from the API's configuration. */
export interface InvitationMailing {
  /** The origin users reach (PUBLIC_URL), where the link leads. */
  publicUrl: string;
  /** Mails one teacher may send in 24 hours (INVITATIONS_PER_DAY). */
  invitationsPerDay: number;
  /** The same for a teacher no admin has approved yet (INVITATIONS_PER_DAY_UNAPPROVED). */
  invitationsPerDayUnapproved: number;
}

/**
 * Makes the invitation's link and puts its mail in the outbox. Call it in the transaction that
 * records the invitation, so that the mail exists exactly when the invitation does.
 */
export async function queueInvitationMail(
  tx: ApiDatabase,
  mailing: InvitationMailing,
  invitation: { classroomId: string; classroomName: string; email: string },
  inviter: { id: string; name: string },
): Promise<void> {
  const { token, tokenHash } = newInvitationToken();
  const createdAt = new Date();
  await tx.insert(invitationLinks).values({
    tokenHash,
    classroomId: invitation.classroomId,
    email: invitation.email,
    invitedBy: inviter.id,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + INVITATION_LINK_DAYS * 24 * 60 * 60_000),
  });
  await queueMail(
    tx,
    invitationMail(mailBrandOf(mailing.publicUrl), {
      to: invitation.email,
      classroomName: invitation.classroomName,
      teacherName: inviter.name,
      acceptUrl: `${mailing.publicUrl}/invitations/${token}`,
    }),
  );
}
