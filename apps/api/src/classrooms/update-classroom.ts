import type { ClassroomFields } from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms } from '../db/schema';
import type { ClassroomImage } from './create-classroom';
import type { ClassroomRow } from './find-classrooms';

/** Updates the fields, and the image if a new one came; the replaced image leaves storage. */
export async function updateClassroom(
  db: ApiDatabase,
  store: FileStore,
  previous: ClassroomRow,
  fields: ClassroomFields,
  image: ClassroomImage | undefined,
): Promise<void> {
  await db
    .update(classrooms)
    .set({
      ...fields,
      ...(image ? { imageKey: image.storageKey, imageContentType: image.contentType } : {}),
      updatedAt: new Date(),
    })
    .where(eq(classrooms.id, previous.id));
  if (image && previous.imageKey) await store.delete(previous.imageKey);
}
