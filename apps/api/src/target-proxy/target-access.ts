import type { RunningTargetKind, TargetState } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, targets, users } from '../db/schema';
import { canSeeTarget } from '../policies/targets';
import { coTeaches } from '../policies/taught-by';

/** A target as whoever opens it may reach it, and whether this user may. */
export interface TargetAccess {
  id: string;
  kind: RunningTargetKind;
  state: TargetState;
  /** Where HackClass reaches it, once started. */
  reachHost: string | null;
  reachPort: number | null;
  /** The user is its owner, its classroom's teacher or an admin, and not disabled. */
  allowed: boolean;
  /** The user is its owner. */
  owner: boolean;
}

/** The target and what `userId` may do with it, in one query; undefined if either is unknown. */
export async function targetAccessOf(
  db: ApiDatabase,
  targetId: string,
  userId: string,
): Promise<TargetAccess | undefined> {
  const [row] = await db
    .select({
      id: targets.id,
      kind: targets.kind,
      state: targets.state,
      reachHost: targets.reachHost,
      reachPort: targets.reachPort,
      ownerId: targets.userId,
      creatorId: classrooms.creatorId,
      coTeacher: coTeaches(userId),
      roleId: users.roleId,
      disabledAt: users.disabledAt,
    })
    .from(targets)
    .innerJoin(classrooms, eq(classrooms.id, targets.classroomId))
    .innerJoin(users, eq(users.id, userId))
    .where(eq(targets.id, targetId))
    .limit(1);
  if (!row) return undefined;
  const { ownerId, creatorId, coTeacher, roleId, disabledAt, ...target } = row;
  const allowed =
    disabledAt === null &&
    canSeeTarget(
      { id: userId, roleId },
      { userId: ownerId, classroomCreatorId: creatorId, coTeacher },
    );
  return { ...target, allowed, owner: ownerId === userId };
}
