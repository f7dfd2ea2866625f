import { ROLE } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { canDriveTarget, canRunTargets, canSeeTarget } from './targets';

const owner = { id: 'owner', roleId: ROLE.teacher };
const otherTeacher = { id: 'other', roleId: ROLE.teacher };
const student = { id: 'student', roleId: ROLE.student };
const classmate = { id: 'classmate', roleId: ROLE.student };
const admin = { id: 'admin', roleId: ROLE.admin };
const guest = { id: 'guest', roleId: ROLE.guest };
const demotedOwner = { id: 'owner', roleId: ROLE.student };

const target = { userId: 'student', classroomCreatorId: 'owner', coTeacher: false };
const coTaught = { ...target, coTeacher: true };
const coTeacher = { id: 'co', roleId: ROLE.teacher };
const demotedCoTeacher = { id: 'co', roleId: ROLE.student };

describe('target policies', () => {
  it.each([
    ['its student', student, true, true],
    ['the classroom’s teacher', owner, true, false],
    ['an admin', admin, true, false],
    ['a classmate', classmate, false, false],
    ['another teacher', otherTeacher, false, false],
    ['the classroom’s creator, no longer a teacher', demotedOwner, false, false],
    ['a guest', guest, false, false],
  ])('%s: sees and stops it %s, extends and resets it %s', (_who, actor, sees, drives) => {
    expect(canSeeTarget(actor, target)).toBe(sees);
    expect(canDriveTarget(actor, target)).toBe(drives);
  });

  it.each([
    ['a co-teacher of its classroom', coTeacher, true],
    ['a co-teacher, no longer a teacher', demotedCoTeacher, false],
  ])('%s: sees and stops it %s, never drives it', (_who, actor, sees) => {
    expect(canSeeTarget(actor, coTaught)).toBe(sees);
    expect(canDriveTarget(actor, coTaught)).toBe(false);
  });

  it.each([
    ['an accepted student', student, 'Accepted', true],
    ['an invited student', student, 'Invited', false],
    ['a pending student', student, 'PendingApproval', false],
    ['the teacher, no member', owner, undefined, false],
    ['a guest listed as accepted', guest, 'Accepted', false],
  ] as const)('%s starts targets: %s', (_who, actor, myStatus, runs) => {
    expect(canRunTargets(actor, { creatorId: 'owner', coTeacher: false, myStatus })).toBe(runs);
  });
});
