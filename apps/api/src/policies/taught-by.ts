import { eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { classroomCoTeachers, classrooms } from '../db/schema';

type UserId = string | SQL | Placeholder;

/** Whether `userId` co-teaches the classroom of the outer query (on `classrooms`). */
export const coTeaches = (userId: UserId) =>
  sql<boolean>`exists (select 1 from ${classroomCoTeachers}
    where ${classroomCoTeachers.classroomId} = ${classrooms.id}
      and ${classroomCoTeachers.userId} = ${userId})`;

/**
 * The classroom of the outer query is taught by `userId`: they created it or co-teach it. The
 * teacher half of `canManageClassroom` in SQL; callers check the role.
 */
export const taughtBy = (userId: UserId) => or(eq(classrooms.creatorId, userId), coTeaches(userId));
