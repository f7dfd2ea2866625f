import type { MemberStatus } from '@hackclass/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomCoTeachers, members, users } from '../db/schema';
import { memberName } from '../users/member-name';

/** Where an account stands in a classroom, as an invitation to it finds it. */
export type Standing = 'teacher' | 'co-teacher' | 'member' | 'invited' | 'requested' | 'none';

/** The one sentence the preview of a list and the invitation itself give for each standing. */
export const STANDING_REASONS: Record<Exclude<Standing, 'none'>, string> = {
  teacher: 'Teaches this classroom',
  'co-teacher': 'Co-teaches this classroom',
  member: 'Member already',
  invited: 'Invited already',
  requested: 'Asked to join: the invitation approves the request',
};

export interface AccountInClassroom {
  id: string;
  status: MemberStatus | null;
  coTeacher: boolean;
}

export function standingOf(
  classroom: { creatorId: string | null },
  account: AccountInClassroom,
): Standing {
  if (account.id === classroom.creatorId) return 'teacher';
  if (account.coTeacher) return 'co-teacher';
  if (account.status === 'Accepted') return 'member';
  if (account.status === 'Invited') return 'invited';
  if (account.status === 'PendingApproval') return 'requested';
  return 'none';
}

/** The accounts with these (normalised) addresses, and their membership of the classroom. */
export function accountsIn(db: ApiDatabase, classroomId: string, emails: string[]) {
  const lowerEmail = sql<string>`lower(${users.email})`;
  return db
    .select({
      email: lowerEmail,
      id: users.id,
      roleId: users.roleId,
      name: memberName,
      status: members.status,
      coTeacher: sql<boolean>`${classroomCoTeachers.userId} is not null`,
    })
    .from(users)
    .leftJoin(members, and(eq(members.classroomId, classroomId), eq(members.userId, users.id)))
    .leftJoin(
      classroomCoTeachers,
      and(
        eq(classroomCoTeachers.classroomId, classroomId),
        eq(classroomCoTeachers.userId, users.id),
      ),
    )
    .where(inArray(lowerEmail, emails));
}
