import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomCoTeachers } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';

/**
 * Ends `userId`'s co-teaching of the classroom; 404 if they do not co-teach it. The classroom's
 * open pages refetch, so whoever was removed stops following its live events.
 */
export async function removeCoTeacher(db: ApiDatabase, classroomId: string, userId: string) {
  const removed = await db
    .delete(classroomCoTeachers)
    .where(
      and(eq(classroomCoTeachers.classroomId, classroomId), eq(classroomCoTeachers.userId, userId)),
    )
    .returning({ userId: classroomCoTeachers.userId });
  if (removed.length === 0) throw apiErrors.notFound('Co-teacher not found');
  recordEvent(db, { type: 'members.changed', classroomId });
}
