import type { InvitationPreview, ListedAddress } from '@hackclass/contracts';
import { LISTED_ADDRESS_STATUSES } from '@hackclass/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { ClassroomRow } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import { emailInvitations } from '../../db/schema';
import { accountsIn, STANDING_REASONS, type Standing, standingOf } from '../standing';

/**
 * Where each address of a list stands in the classroom, for its teachers, who see its roster
 * with emails already: a member, its teacher or co-teacher, invited already, or new. An address
 * without an account is `new` like one with an account, as inviting answers alike for both.
 */
export async function previewInvitations(
  db: ApiDatabase,
  classroom: ClassroomRow,
  addresses: ListedAddress[],
): Promise<InvitationPreview> {
  const emails = addresses.filter((row) => row.status === 'new').map((row) => row.email);
  const standings = await standingsOf(db, classroom, emails);
  const rows = addresses.map((row) =>
    row.status === 'new' ? { ...row, ...standings.get(row.email) } : row,
  );
  const counts = Object.fromEntries(
    LISTED_ADDRESS_STATUSES.map((status) => [
      status,
      rows.filter((row) => row.status === status).length,
    ]),
  ) as InvitationPreview['counts'];
  return { rows, counts };
}

async function standingsOf(db: ApiDatabase, classroom: ClassroomRow, emails: string[]) {
  const standings = new Map<string, Pick<ListedAddress, 'status' | 'reason'>>();
  if (emails.length === 0) return standings;
  const [accounts, waiting] = await Promise.all([
    accountsIn(db, classroom.id, emails),
    db
      .select({ email: emailInvitations.email })
      .from(emailInvitations)
      .where(
        and(
          eq(emailInvitations.classroomId, classroom.id),
          inArray(emailInvitations.email, emails),
        ),
      ),
  ]);
  for (const { email } of waiting) {
    standings.set(email, { status: 'already_invited', reason: STANDING_REASONS.invited });
  }
  for (const account of accounts) {
    const standing = standingOf(classroom, account);
    if (standing !== 'none') {
      standings.set(account.email, {
        status: listedAs[standing],
        reason: STANDING_REASONS[standing],
      });
    }
  }
  return standings;
}

/** How the preview lists each standing: a request to join is approved by the invitation. */
const listedAs: Record<Exclude<Standing, 'none'>, ListedAddress['status']> = {
  teacher: 'already_member',
  'co-teacher': 'already_member',
  member: 'already_member',
  invited: 'already_invited',
  requested: 'new',
};
