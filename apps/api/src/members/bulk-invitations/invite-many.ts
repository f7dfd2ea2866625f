import type { InvitationResult } from '@hackclass/contracts';
import { HttpError } from '@hackclass/http';
import type { ClassroomRow } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import { inviteMember } from '../invite-member';

/**
 * Invites each address in turn, as one invitation would: one that is a member or invited
 * already is skipped, one the API refuses otherwise fails with the reason, and the rest go on.
 */
export async function inviteMany(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviterId: string,
  emails: string[],
): Promise<InvitationResult[]> {
  const results: InvitationResult[] = [];
  const seen = new Set<string>();
  for (const email of emails.map((listed) => listed.trim().toLowerCase())) {
    if (seen.has(email)) {
      results.push({ email, outcome: 'skipped', reason: 'Listed twice' });
      continue;
    }
    seen.add(email);
    results.push(await inviteOne(db, classroom, inviterId, email));
  }
  return results;
}

async function inviteOne(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviterId: string,
  email: string,
): Promise<InvitationResult> {
  try {
    const { invitation } = await inviteMember(db, classroom, inviterId, email);
    return invitation.status === 'Accepted'
      ? { email, outcome: 'invited', reason: 'Had asked to join: approved' }
      : { email, outcome: 'invited' };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const outcome = error.code === 'already_member' ? 'skipped' : 'failed';
    return { email, outcome, reason: error.detail ?? error.title };
  }
}
