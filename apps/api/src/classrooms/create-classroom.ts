import type { ClassroomFields } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { classrooms } from '../db/schema';
import { ensureRoom, type QuotaOwner } from '../quotas/headroom';
import type { ClassroomRow } from './find-classrooms';
import { withFreshJoinCode } from './join-code';

export interface ClassroomImage {
  storageKey: string;
  contentType: string;
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
