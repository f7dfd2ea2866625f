import type { ClassroomTargetSettings } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms } from '../db/schema';
import { apiErrors } from '../errors';

export async function saveClassroomTargetSettings(
  db: ApiDatabase,
  classroomId: string,
  { maxRunningTargets }: ClassroomTargetSettings,
): Promise<ClassroomTargetSettings> {
  const [saved] = await db
    .update(classrooms)
    .set({ maxRunningTargets, updatedAt: new Date() })
    .where(eq(classrooms.id, classroomId))
    .returning({ maxRunningTargets: classrooms.maxRunningTargets });
  if (!saved) throw apiErrors.notFound('Classroom not found');
  return saved;
}
