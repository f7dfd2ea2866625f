import type { ClassroomCan, LabCan, TargetCan, UserCan } from '@hackclass/contracts';
import { type Actor, canCreateContent, isAdmin } from './actors';
import {
  type ClassroomFacts,
  canDeleteClassroom,
  canJoinClassrooms,
  canManageClassroom,
  canManageCoTeachers,
  canSubmitFlags,
} from './classrooms';
import {
  canAddLabToClassrooms,
  canDeleteLab,
  canEditLab,
  canListLabs,
  canSeeLabFlags,
  type LabFacts,
} from './labs';
import { canDriveTarget, canRunTargets, canStopTarget, type TargetAccessFacts } from './targets';

/**
 * Each `can` key of a resource, answered by the very policy its routes enforce: what clients are
 * told and what the API allows cannot drift apart.
 */
type Policies<Can, Facts> = { [Key in keyof Can]: (actor: Actor, facts: Facts) => boolean };

export const userPolicies = {
  createClassrooms: canCreateContent,
  createLabs: canCreateContent,
  listLabs: canListLabs,
  joinClassrooms: canJoinClassrooms,
  administer: isAdmin,
} satisfies Policies<UserCan, unknown>;

export const classroomPolicies = {
  manage: canManageClassroom,
  delete: canDeleteClassroom,
  manageCoTeachers: canManageCoTeachers,
  submitFlags: canSubmitFlags,
  runTargets: canRunTargets,
} satisfies Policies<ClassroomCan, ClassroomFacts>;

export const labPolicies = {
  edit: canEditLab,
  delete: canDeleteLab,
  seeFlags: canSeeLabFlags,
  addToClassrooms: canAddLabToClassrooms,
} satisfies Policies<LabCan, LabFacts>;

export const targetPolicies = {
  stop: canStopTarget,
  extend: canDriveTarget,
  reset: canDriveTarget,
} satisfies Policies<TargetCan, TargetAccessFacts>;

function decide<Key extends string, Facts>(
  policies: Record<Key, (actor: Actor, facts: Facts) => boolean>,
  actor: Actor,
  facts: Facts,
) {
  const entries = Object.entries(policies) as [Key, (actor: Actor, facts: Facts) => boolean][];
  return Object.fromEntries(
    entries.map(([key, allowed]) => [key, allowed(actor, facts)]),
  ) as Record<Key, boolean>;
}

export const userPermissions = (actor: Actor): UserCan => decide(userPolicies, actor, undefined);

export const classroomPermissions = (actor: Actor, classroom: ClassroomFacts): ClassroomCan =>
  decide(classroomPolicies, actor, classroom);

export const labPermissions = (actor: Actor, lab: LabFacts): LabCan =>
  decide(labPolicies, actor, lab);

export const targetPermissions = (actor: Actor, target: TargetAccessFacts): TargetCan =>
  decide(targetPolicies, actor, target);
