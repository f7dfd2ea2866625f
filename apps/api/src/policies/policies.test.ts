import { ROLE } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { canCreateContent } from './actors';
import {
  canDeleteClassroom,
  canManageClassroom,
  canManageCoTeachers,
  canRemoveCoTeacher,
  canSeeClassroom,
  canSeeClassroomSummary,
  canSubmitFlags,
} from './classrooms';

const owner = { id: 'owner', roleId: ROLE.teacher };
const otherTeacher = { id: 'other', roleId: ROLE.teacher };
const student = { id: 'student', roleId: ROLE.student };
const admin = { id: 'admin', roleId: ROLE.admin };
const guest = { id: 'guest', roleId: ROLE.guest };
const demotedOwner = { id: 'owner', roleId: ROLE.student };
const coTeacher = { id: 'co', roleId: ROLE.teacher };
const demotedCoTeacher = { id: 'co', roleId: ROLE.student };

const classroom = (myStatus?: 'Invited' | 'PendingApproval' | 'Accepted') => ({
  creatorId: 'owner',
  coTeacher: false,
  myStatus,
});
/** The facts as a co-teacher of the classroom finds them. */
const coTaught = { creatorId: 'owner', coTeacher: true, myStatus: undefined };

describe('classroom policies', () => {
  it.each([
    ['its teacher', owner, classroom(), true, true, true],
    ['an admin', admin, classroom(), true, true, true],
    ['another teacher', otherTeacher, classroom(), false, false, false],
    [
      'another teacher who is an accepted member',
      otherTeacher,
      classroom('Accepted'),
      false,
      true,
      true,
    ],
    ['an accepted student', student, classroom('Accepted'), false, true, true],
    ['an invited student', student, classroom('Invited'), false, false, true],
    ['a pending student', student, classroom('PendingApproval'), false, false, true],
    ['a student outside', student, classroom(), false, false, false],
    ['a guest, even if listed as accepted', guest, classroom('Accepted'), false, false, false],
    ['its creator after losing the teacher role', demotedOwner, classroom(), false, false, false],
    ['a co-teacher', coTeacher, coTaught, true, true, true],
    ['a co-teacher after losing the teacher role', demotedCoTeacher, coTaught, false, false, false],
  ])('%s: manage %s, see %s, see summary %s', (_who, actor, facts, manage, see, summary) => {
    expect(canManageClassroom(actor, facts)).toBe(manage);
    expect(canSeeClassroom(actor, facts)).toBe(see);
    expect(canSeeClassroomSummary(actor, facts)).toBe(summary);
  });

  it.each([
    ['an accepted student', student, classroom('Accepted'), true],
    ['an accepted teacher of another classroom', otherTeacher, classroom('Accepted'), true],
    ['a pending student', student, classroom('PendingApproval'), false],
    ['an invited student', student, classroom('Invited'), false],
    ['a student outside', student, classroom(), false],
    ['its teacher', owner, classroom(), false],
    ['a co-teacher', coTeacher, coTaught, false],
    ['an admin, even if accepted', admin, classroom('Accepted'), false],
    ['a guest, even if listed as accepted', guest, classroom('Accepted'), false],
  ])('%s: submit flags %s', (_who, actor, facts, submit) => {
    expect(canSubmitFlags(actor, facts)).toBe(submit);
  });

  it.each([
    ['its creator', owner, classroom(), true],
    ['an admin', admin, classroom(), true],
    ['a co-teacher', coTeacher, coTaught, false],
    ['another teacher', otherTeacher, classroom(), false],
    ['an accepted student', student, classroom('Accepted'), false],
    ['its creator after losing the teacher role', demotedOwner, classroom(), false],
  ])('%s: delete it and choose its co-teachers %s', (_who, actor, facts, allowed) => {
    expect(canDeleteClassroom(actor, facts)).toBe(allowed);
    expect(canManageCoTeachers(actor, facts)).toBe(allowed);
  });

  it.each([
    ['its creator, anyone', owner, classroom(), 'co', true],
    ['an admin, anyone', admin, classroom(), 'co', true],
    ['a co-teacher, themself (stepping down)', coTeacher, coTaught, 'co', true],
    ['a co-teacher, another co-teacher', coTeacher, coTaught, 'another', false],
    ['a co-teacher, the creator', coTeacher, coTaught, 'owner', false],
    ['another teacher, themself', otherTeacher, classroom(), 'other', false],
  ])('%s: removes a co-teacher %s', (_who, actor, facts, userId, allowed) => {
    expect(canRemoveCoTeacher(actor, facts, userId)).toBe(allowed);
  });

  it('lets teachers and admins create content, and nobody else', () => {
    expect([owner, admin, student, guest].map(canCreateContent)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
