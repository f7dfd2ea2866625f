import { ROLE } from '@hackclass/contracts';
import { type ImageName, imageNameOf } from '@hackclass/engine';
import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labs, labTargets, users } from '../db/schema';

/** Whose image it would be: a lab's creator (null once their account is gone), or the caller. */
export interface ImageOwner {
  id: string | null;
  admin: boolean;
}

/**
 * Whether `name` is someone else's: a lab another teacher created uses it, under any tag and
 * however spelt (`x`, `x:latest` and `docker.io/library/x` are one image). Admins' labs claim an
 * image only while no teacher's does: an admin who tries or copies a teacher's lab takes nothing
 * from them. Stored references are compared as the engine reads them, after a first cut in SQL
 * by the repository's last component.
 */
export async function othersUse(
  db: ApiDatabase,
  name: ImageName,
  ownerId: string | null,
): Promise<boolean> {
  const lastComponent = name.repository.slice(name.repository.lastIndexOf('/') + 1);
  const rows = await db
    .selectDistinct({ image: labTargets.image, creatorId: labs.creatorId, roleId: users.roleId })
    .from(labTargets)
    .innerJoin(labs, eq(labs.id, labTargets.labId))
    .leftJoin(users, eq(users.id, labs.creatorId))
    .where(sql`strpos(${labTargets.image}, ${lastComponent}) > 0`);
  const using = rows.filter((row) => imageNameOf(row.image)?.repository === name.repository);
  const teachers = using.filter((row) => row.roleId !== ROLE.admin);
  return (teachers.length > 0 ? teachers : using).some((row) => row.creatorId !== ownerId);
}

/** The creator of a lab, whose images its target may use. */
export async function ownerOfLab(db: ApiDatabase, labId: string): Promise<ImageOwner> {
  const [row] = await db
    .select({ id: labs.creatorId, roleId: users.roleId })
    .from(labs)
    .leftJoin(users, eq(users.id, labs.creatorId))
    .where(eq(labs.id, labId));
  return { id: row?.id ?? null, admin: row?.roleId === ROLE.admin };
}
