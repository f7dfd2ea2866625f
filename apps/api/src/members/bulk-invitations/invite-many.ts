import type { InvitationResult } from '@hackclass/contracts';
import { HttpError } from '@hackclass/http';
import type { ClassroomRow } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import type { InvitationMailing } from '../../invitations/queue-invitation-mail';
import { type Inviter, inviteMember } from '../invite-member';

/**
 * Invites each address in turn, as one invitation would (its mail and the inviter's daily
 * allowance included): one that is a member or invited already is skipped, one the API refuses
 * otherwise fails with the reason, and the rest go on.
 */
export async function inviteMany(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviter: Inviter,
  emails: string[],
  mailing: InvitationMailing,
): Promise<InvitationResult[]> {
  const results: InvitationResult[] = [];
  const seen = new Set<string>();
  for (const email of emails.map((listed) => listed.trim().toLowerCase())) {
    if (seen.has(email)) {
      results.push({ email, outcome: 'skipped', reason: 'Listed twice' });
      continue;
    }
    seen.add(email);
    results.push(await inviteOne(db, classroom, inviter, email, mailing));
  }
  return results;
}

async function inviteOne(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviter: Inviter,
  email: string,
  mailing: InvitationMailing,
): Promise<InvitationResult> {
  try {
    const { invitation } = await inviteMember(db, classroom, inviter, email, mailing);
    return invitation.status === 'Accepted'
      ? { email, outcome: 'invited', reason: 'Had asked to join: approved' }
      : { email, outcome: 'invited' };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const outcome = error.code === 'already_member' ? 'skipped' : 'failed';
    return { email, outcome, reason: error.detail ?? error.title };
  }
}
