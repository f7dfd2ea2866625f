import { count, eq, sql, sum } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, labFiles, labs, users } from '../db/schema';

/** What an account holds that its quotas count. */
export interface Usage {
  fileBytes: number;
  labs: number;
  classrooms: number;
}

/** The files, labs and classrooms `userId` created, read on their user row (each an index range). */
export async function usageOf(db: ApiDatabase, userId: string): Promise<Usage> {
  const fileBytes = db
    .select({ bytes: sql`coalesce(${sum(labFiles.size)}, 0)` })
    .from(labFiles)
    .innerJoin(labs, eq(labs.id, labFiles.labId))
    .where(eq(labs.creatorId, users.id));
  const labCount = db.select({ labs: count() }).from(labs).where(eq(labs.creatorId, users.id));
  const classroomCount = db
    .select({ classrooms: count() })
    .from(classrooms)
    .where(eq(classrooms.creatorId, users.id));
  const [row] = await db
    .select({
      fileBytes: sql`(${fileBytes})`.mapWith(Number),
      labs: sql`(${labCount})`.mapWith(Number),
      classrooms: sql`(${classroomCount})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { fileBytes: 0, labs: 0, classrooms: 0 };
}

/** Bytes of one lab's files: what editing it may free. */
export async function labFileBytes(db: ApiDatabase, labId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql`coalesce(${sum(labFiles.size)}, 0)`.mapWith(Number) })
    .from(labFiles)
    .where(eq(labFiles.labId, labId));
  return row?.bytes ?? 0;
}
