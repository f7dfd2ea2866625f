import { enqueueMail, invitationMail } from '@hackclass/mail';
import type { ApiDatabase } from '../db';
import { invitationLinks } from '../db/schema';
import { INVITATION_LINK_DAYS, newInvitationToken } from './invitation-token';

/** What the invitation mails need from the API's configuration. */
export interface InvitationMailing {
  /** The origin users reach (PUBLIC_URL), where the link leads. */
  publicUrl: string;
  /** Mails one teacher may send in 24 hours (INVITATIONS_PER_DAY). */
  invitationsPerDay: number;
}

export const PRODUCT_NAME = 'HackClass';

/**
 * Makes the invitation's link and puts its mail in the outbox. Call it in the transaction that
 * records the invitation, so that the mail goes out exactly when the invitation exists.
 */
export async function sendInvitationMail(
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
  await enqueueMail(
    tx,
    invitationMail(
      { productName: PRODUCT_NAME, publicUrl: mailing.publicUrl },
      {
        to: invitation.email,
        classroomName: invitation.classroomName,
        teacherName: inviter.name,
        acceptUrl: `${mailing.publicUrl}/invitations/${token}`,
      },
    ),
  );
}
