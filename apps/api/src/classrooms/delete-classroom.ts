import type { FileStore } from '@hackclass/storage';
import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, notifications } from '../db/schema';
import { markStopping } from '../targets/stop-targets';
import type { ClassroomRow } from './find-classrooms';

/**
 * Members, lab links, email invitations and targets go with the classroom by cascade; the
 * notifications that point at it and its image are removed here. Returns the targets that
 * were running, whose containers still have to be released.
 */
export async function deleteClassroom(
  db: ApiDatabase,
  store: FileStore,
  classroom: ClassroomRow,
): Promise<string[]> {
  const targetIds = await db.transaction(async (tx) => {
    const running = await markStopping(tx, { classroomId: classroom.id });
    await tx
      .delete(notifications)
      .where(sql`${notifications.data}->>'classroomId' = ${classroom.id}`);
    await tx.delete(classrooms).where(eq(classrooms.id, classroom.id));
    return running;
  });
  if (classroom.imageKey) await store.delete(classroom.imageKey);
  return targetIds;
}
