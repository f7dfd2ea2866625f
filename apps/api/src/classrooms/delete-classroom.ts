import type { FileStore } from '@hackclass/storage';
import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, notifications } from '../db/schema';
import { markStopping } from '../targets/stop-targets';
import type { ClassroomRow } from './find-classrooms';

/**
 * Members, lab links, email invitations and targets go with the classroom by cascade; the
 * notifications that point at it and its image are removed here. Its running targets stop.
 */
export async function deleteClassroom(
  db: ApiDatabase,
  store: FileStore,
  classroom: ClassroomRow,
): Promise<void> {
  await db.transaction(async (tx) => {
    await markStopping(tx, { classroomId: classroom.id });
    await tx
      .delete(notifications)
      .where(sql`${notifications.data}->>'classroomId' = ${classroom.id}`);
    await tx.delete(classrooms).where(eq(classrooms.id, classroom.id));
  });
  if (classroom.imageKey) await store.delete(classroom.imageKey);
}
