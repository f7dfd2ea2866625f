import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classrooms, labs, labTargets, targets, users } from '../db/schema';
import { coTeaches } from '../policies/taught-by';
import { memberName } from '../users/member-name';
import type { LifetimeRule, TargetRow } from './present-target';
import { isActive } from './stop-targets';

const lifetimeRule = {
  lifetimeMinutes: labTargets.lifetimeMinutes,
  extendable: labTargets.extendable,
};

/**
 * A target with what deciding about it needs: its classroom's creator, whether the actor
 * co-teaches that classroom, and its lab's rule.
 */
export interface TargetFacts {
  target: TargetRow;
  classroomCreatorId: string | null;
  coTeacher: boolean;
  rule: LifetimeRule | null;
}

export async function findTarget(
  db: ApiDatabase,
  targetId: string,
  actorId: string,
): Promise<TargetFacts | undefined> {
  const [row] = await db
    .select({
      target: targets,
      classroomCreatorId: classrooms.creatorId,
      coTeacher: coTeaches(actorId),
      lifetimeMinutes: labTargets.lifetimeMinutes,
      extendable: labTargets.extendable,
    })
    .from(targets)
    .innerJoin(classrooms, eq(classrooms.id, targets.classroomId))
    .leftJoin(labTargets, eq(labTargets.labId, targets.labId))
    .where(eq(targets.id, targetId));
  if (!row) return undefined;
  const { target, classroomCreatorId, coTeacher, lifetimeMinutes, extendable } = row;
  return {
    target,
    classroomCreatorId,
    coTeacher,
    rule: lifetimeMinutes === null || extendable === null ? null : { lifetimeMinutes, extendable },
  };
}

/** The caller's target for a lab of a classroom: the active one, else the latest, else none. */
export async function myTarget(
  db: ApiDatabase,
  { userId, classroomId, labId }: { userId: string; classroomId: string; labId: string },
): Promise<{ target: TargetRow; rule: LifetimeRule | null } | undefined> {
  const [row] = await db
    .select({ target: targets, rule: lifetimeRule })
    .from(targets)
    .leftJoin(labTargets, eq(labTargets.labId, targets.labId))
    .where(
      and(
        eq(targets.userId, userId),
        eq(targets.classroomId, classroomId),
        eq(targets.labId, labId),
      ),
    )
    // Active first (one at most), then the newest.
    .orderBy(desc(isActive), desc(targets.createdAt))
    .limit(1);
  return row;
}

/**
 * Active targets with their student, lab and classroom (and whether `actorId` co-teaches it):
 * one classroom's, or all of them.
 */
export async function activeTargets(db: ApiDatabase, actorId: string, classroomId?: string) {
  const where: SQL | undefined = and(
    isActive,
    classroomId === undefined ? undefined : eq(targets.classroomId, classroomId),
  );
  return (
    db
      .select({
        target: targets,
        rule: lifetimeRule,
        student: { id: users.id, name: memberName },
        lab: { id: labs.id, name: labs.name, slug: labs.slug },
        classroom: { id: classrooms.id, name: classrooms.name },
        classroomCreatorId: classrooms.creatorId,
        coTeacher: coTeaches(actorId),
      })
      .from(targets)
      .innerJoin(users, eq(users.id, targets.userId))
      // Attack boxes have no lab.
      .leftJoin(labs, eq(labs.id, targets.labId))
      .innerJoin(classrooms, eq(classrooms.id, targets.classroomId))
      .leftJoin(labTargets, eq(labTargets.labId, targets.labId))
      .where(where)
      .orderBy(desc(targets.createdAt), desc(targets.id))
  );
}
