import type { ApiDatabase } from '../db';
import { apiErrors } from '../errors';
import type { Actor } from '../policies/actors';
import { canDriveTarget, canSeeTarget } from '../policies/targets';
import { findTarget, type TargetFacts } from './find-targets';

/** The target if the actor may see it (404 otherwise, as if it did not exist). */
export async function visibleTarget(db: ApiDatabase, actor: Actor, targetId: string) {
  const facts = await findTarget(db, targetId, actor.id);
  if (!facts || !canSeeTarget(actor, { ...facts, userId: facts.target.userId })) {
    throw apiErrors.notFound('Target not found');
  }
  return facts;
}

/** …and the actor is its student (403 for the teacher and admins who see it). */
export async function ownTarget(
  db: ApiDatabase,
  actor: Actor,
  targetId: string,
): Promise<TargetFacts> {
  const facts = await visibleTarget(db, actor, targetId);
  if (!canDriveTarget(actor, facts.target)) {
    throw apiErrors.forbidden('Only the student whose target it is extends or resets it');
  }
  return facts;
}
