import type { ApiDatabase } from '../db';
import { apiErrors } from '../errors';
import type { Actor } from '../policies/actors';
import {
  type ClassroomFacts,
  canManageClassroom,
  canSeeClassroomSummary,
} from '../policies/classrooms';
import { type ClassroomView, findClassroomView } from './find-classrooms';

/**
 * The classroom if `allowed` lets the actor at it. Those who may not even see its summary get
 * 404 as if it did not exist; those who see it but may not do this get 403.
 */
export async function classroomFor(
  db: ApiDatabase,
  id: string,
  actor: Actor,
  allowed: (actor: Actor, classroom: ClassroomFacts) => boolean = canSeeClassroomSummary,
): Promise<ClassroomView> {
  const view = await findClassroomView(db, id, actor.id);
  if (!view || !canSeeClassroomSummary(actor, view))
    throw apiErrors.notFound('Classroom not found');
  if (!allowed(actor, view)) throw apiErrors.forbidden();
  return view;
}

export const managedClassroomFor = (db: ApiDatabase, id: string, actor: Actor) =>
  classroomFor(db, id, actor, canManageClassroom);
