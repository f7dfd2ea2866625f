import type { CoTeacher } from '@hackclass/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomCoTeachers, users } from '../db/schema';
import type { Actor } from '../policies/actors';
import { type ClassroomFacts, canRemoveCoTeacher } from '../policies/classrooms';
import { memberName } from '../users/member-name';

export type CoTeacherRow = Omit<CoTeacher, 'can'>;

/** A classroom's co-teachers by name, or the one with `userId`. */
export async function listCoTeachers(
  db: ApiDatabase,
  classroomId: string,
  userId?: string,
): Promise<CoTeacherRow[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: memberName,
      email: users.email,
      addedAt: classroomCoTeachers.createdAt,
    })
    .from(classroomCoTeachers)
    .innerJoin(users, eq(users.id, classroomCoTeachers.userId))
    .where(
      and(
        eq(classroomCoTeachers.classroomId, classroomId),
        userId === undefined ? undefined : eq(classroomCoTeachers.userId, userId),
      ),
    )
    .orderBy(asc(memberName), asc(users.id));
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }));
}

/** Whether `userId` co-teaches the classroom. */
export async function coTeachesClassroom(db: ApiDatabase, classroomId: string, userId: string) {
  const [row] = await db
    .select({ userId: classroomCoTeachers.userId })
    .from(classroomCoTeachers)
    .where(
      and(eq(classroomCoTeachers.classroomId, classroomId), eq(classroomCoTeachers.userId, userId)),
    );
  return row !== undefined;
}

/** A co-teacher as `actor` sees them, with what they may do about them. */
export const presentCoTeacher =
  (actor: Actor, classroom: ClassroomFacts) =>
  (row: CoTeacherRow): CoTeacher => ({
    ...row,
    can: { remove: canRemoveCoTeacher(actor, classroom, row.userId) },
  });
