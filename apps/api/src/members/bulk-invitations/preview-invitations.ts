import type { InvitationPreview, ListedAddress } from '@hackclass/contracts';
import { LISTED_ADDRESS_STATUSES } from '@hackclass/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ClassroomRow } from '../../classrooms/find-classrooms';
import type { ApiDatabase } from '../../db';
import { classroomCoTeachers, emailInvitations, members, users } from '../../db/schema';

type Standing = Pick<ListedAddress, 'status' | 'reason'>;

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
  const standings = new Map<string, Standing>();
  if (emails.length === 0) return standings;
  const lowerEmail = sql<string>`lower(${users.email})`;
  const [accounts, waiting] = await Promise.all([
    db
      .select({
        email: lowerEmail,
        id: users.id,
        status: members.status,
        coTeacher: classroomCoTeachers.userId,
      })
      .from(users)
      .leftJoin(members, and(eq(members.classroomId, classroom.id), eq(members.userId, users.id)))
      .leftJoin(
        classroomCoTeachers,
        and(
          eq(classroomCoTeachers.classroomId, classroom.id),
          eq(classroomCoTeachers.userId, users.id),
        ),
      )
      .where(inArray(lowerEmail, emails)),
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
    standings.set(email, { status: 'already_invited', reason: 'Invited already' });
  }
  for (const account of accounts) {
    const standing = standingOf(classroom, account);
    if (standing) standings.set(account.email, standing);
  }
  return standings;
}

function standingOf(
  classroom: ClassroomRow,
  account: { id: string; status: string | null; coTeacher: string | null },
): Standing | undefined {
  if (account.id === classroom.creatorId) {
    return { status: 'already_member', reason: 'Teaches this classroom' };
  }
  if (account.coTeacher) return { status: 'already_member', reason: 'Co-teaches this classroom' };
  if (account.status === 'Accepted') return { status: 'already_member', reason: 'Member already' };
  if (account.status === 'Invited') return { status: 'already_invited', reason: 'Invited already' };
  if (account.status === 'PendingApproval') {
    return { status: 'new', reason: 'Asked to join: the invitation approves the request' };
  }
  return undefined;
}
