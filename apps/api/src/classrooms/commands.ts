import type { ClassroomFields } from '@hackclass/contracts';
import type { FileStore } from '@hackclass/storage';
import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, notifications } from '../db/schema';
import { apiErrors } from '../errors';
import { ensureRoom, type QuotaOwner } from '../quotas/room';
import { markStopping } from '../targets/stop-targets';
import { newJoinCode } from './join-code';
import type { ClassroomRow } from './queries';

const MAX_CODE_ATTEMPTS = 5;

export interface ClassroomImage {
  storageKey: string;
  contentType: string;
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/** Runs `attempt` with fresh join codes until one is not taken. */
async function withFreshJoinCode<T>(attempt: (code: string) => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < MAX_CODE_ATTEMPTS; tries++) {
    const result = await attempt(newJoinCode()).catch((error: unknown) => {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    });
    if (result !== undefined) return result;
  }
  throw new Error(`no free join code after ${MAX_CODE_ATTEMPTS} attempts`);
}

/** Creates a classroom under a fresh join code; it counts against `quota` (none for admins). */
export async function createClassroom(
  db: ApiDatabase,
  creatorId: string,
  fields: ClassroomFields,
  image: ClassroomImage | undefined,
  quota: QuotaOwner | undefined,
): Promise<ClassroomRow> {
  return withFreshJoinCode((joinCode) =>
    db.transaction(async (tx) => {
      await ensureRoom(tx, quota, { classrooms: 1 });
      const [created] = await tx
        .insert(classrooms)
        .values({
          ...fields,
          creatorId,
          joinCode,
          imageKey: image?.storageKey ?? null,
          imageContentType: image?.contentType ?? null,
        })
        .onConflictDoNothing({ target: classrooms.joinCode })
        .returning();
      return created;
    }),
  );
}

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

export async function regenerateJoinCode(db: ApiDatabase, classroomId: string): Promise<string> {
  return withFreshJoinCode(async (joinCode) => {
    const [updated] = await db
      .update(classrooms)
      .set({ joinCode })
      .where(eq(classrooms.id, classroomId))
      .returning({ joinCode: classrooms.joinCode });
    if (!updated) throw apiErrors.notFound('Classroom not found');
    return updated.joinCode;
  });
}
