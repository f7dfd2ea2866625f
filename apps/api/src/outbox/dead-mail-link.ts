import { linkLifetimeOf } from '@hackclass/mail';
import type { ApiDatabase } from '../db';
import { findInvitationLink } from '../invitations/find-invitation-link';

interface FailedMail {
  kind: string;
  textBody: string;
  createdAt: Date;
}

/** The token of an invitation mail's link, as `queueInvitationMail` writes it. */
const invitationTokenIn = (text: string) => /\/invitations\/([\w-]+)/.exec(text)?.[1];

const INVITATION_STATES = {
  accepted: 'The invitation in this mail was accepted already',
  withdrawn: 'The invitation in this mail was withdrawn; invite the person again instead',
  expired: 'The invitation in this mail expired; invite the person again instead',
} as const;

/**
 * Why sending a failed mail again would be useless, or undefined when its link still works:
 * its text was cleared, its one-time code expired, or its invitation closed.
 */
export async function deadMailLink(
  db: ApiDatabase,
  mail: FailedMail,
  now = new Date(),
): Promise<string | undefined> {
  if (mail.textBody === '') {
    return 'This mail failed over a week ago and its text was cleared; the person can ask for a new one';
  }
  const lifetime = linkLifetimeOf(mail.kind);
  if (lifetime !== undefined && mail.createdAt.getTime() + lifetime <= now.getTime()) {
    const hours = lifetime / 3600_000;
    return `The link in this mail expired ${hours} hour${hours === 1 ? '' : 's'} after it was written; the person can ask for a new one`;
  }
  if (mail.kind !== 'invitation') return undefined;
  const token = invitationTokenIn(mail.textBody);
  const link = token ? await findInvitationLink(db, token, now) : undefined;
  if (!link) return 'The invitation in this mail no longer exists';
  return link.state === 'pending' ? undefined : INVITATION_STATES[link.state];
}
