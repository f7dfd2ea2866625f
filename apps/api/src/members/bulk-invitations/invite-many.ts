import { type InvitationResult, normalizeEmail } from '@hackclass/contracts';
import { analyzeTables } from '@hackclass/db';
import { HttpError } from '@hackclass/http';
import type { FastifyBaseLogger } from 'fastify';
import type { ClassroomRow } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import { emailInvitations, invitationLinks, members, notifications } from '../../db/schema';
import { inOneTelling } from '../../domain-events/record-event';
import type { InvitationMailing } from '../../invitation-links/queue-invitation-mail';
import { type Inviter, inviteMember } from '../invite-member';

/** What the bulk invitation needs besides the list. */
export interface BulkInviting {
  db: ApiDatabase;
  mailing: InvitationMailing;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/**
 * Invites each address in turn, as one invitation would (its mail and the inviter's daily
 * allowance included): one that is a member or invited already is skipped, one the API refuses
 * otherwise fails with the reason, and the rest go on. An unexpected failure (the database's)
 * is logged and fails that address alone, so that the answer still reports the invitations
 * already committed. The tables it filled have their statistics gathered at the end
 * (`analyzeTables`): a class invited at once is a bulk load.
 */
export async function inviteMany(
  { db, mailing, log }: BulkInviting,
  classroom: ClassroomRow,
  inviter: Inviter,
  emails: string[],
): Promise<InvitationResult[]> {
  // One roster refresh and one outbox wake-up for the list, not one per address.
  const invited = await inOneTelling(db, async (batch) => {
    const results: InvitationResult[] = [];
    const seen = new Set<string>();
    for (const email of emails.map(normalizeEmail)) {
      if (seen.has(email)) {
        results.push({ email, outcome: 'skipped', reason: 'Listed twice' });
        continue;
      }
      seen.add(email);
      try {
        results.push(await inviteOne(batch, classroom, inviter, email, mailing));
      } catch (error) {
        log.error({ err: error, classroomId: classroom.id }, 'bulk invitation failed');
        results.push({ email, outcome: 'failed', reason: 'Could not be invited; try again' });
      }
    }
    return results;
  });
  await analyzeTables(db, [members, emailInvitations, invitationLinks, notifications]);
  return invited;
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
