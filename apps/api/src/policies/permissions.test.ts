import { ROLE } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import * as actorModule from './actors';
import * as classroomModule from './classrooms';
import * as labModule from './labs';
import {
  classroomPermissions,
  classroomPolicies,
  labPermissions,
  labPolicies,
  targetPermissions,
  targetPolicies,
  userPermissions,
  userPolicies,
} from './permissions';
import * as targetModule from './targets';

const creator = { id: 'creator', roleId: ROLE.teacher };
const otherTeacher = { id: 'other', roleId: ROLE.teacher };
const student = { id: 'student', roleId: ROLE.student };
const admin = { id: 'admin', roleId: ROLE.admin };
const guest = { id: 'guest', roleId: ROLE.guest };
const demotedCreator = { id: 'creator', roleId: ROLE.student };

const coTeacher = { id: 'co', roleId: ROLE.teacher };

const classroom = (myStatus?: 'Invited' | 'PendingApproval' | 'Accepted') => ({
  creatorId: 'creator',
  coTeacher: false,
  myStatus,
});
const coTaught = { creatorId: 'creator', coTeacher: true, myStatus: undefined };

describe('what the caller may do', () => {
  it.each([
    ['a student', student, [false, false, true, true, false]],
    ['a teacher', creator, [true, true, true, true, false]],
    ['an admin', admin, [true, true, true, true, true]],
    ['a guest', guest, [false, false, false, false, false]],
  ])(
    'anywhere, as %s: create classrooms and labs, list labs, join, administer %j',
    (_who, actor, [createClassrooms, createLabs, listLabs, joinClassrooms, administer]) => {
      expect(userPermissions(actor)).toEqual({
        createClassrooms,
        createLabs,
        listLabs,
        joinClassrooms,
        administer,
      });
    },
  );

  it.each([
    ['its teacher', creator, classroom(), [true, true, true, false, false]],
    ['a co-teacher', coTeacher, coTaught, [true, false, false, false, false]],
    ['an admin', admin, classroom(), [true, true, true, false, false]],
    [
      'an admin who is an accepted member',
      admin,
      classroom('Accepted'),
      [true, true, true, false, true],
    ],
    ['an accepted student', student, classroom('Accepted'), [false, false, false, true, true]],
    [
      'a pending student',
      student,
      classroom('PendingApproval'),
      [false, false, false, false, false],
    ],
    ['an invited student', student, classroom('Invited'), [false, false, false, false, false]],
    [
      'a guest, even if listed as accepted',
      guest,
      classroom('Accepted'),
      [false, false, false, false, false],
    ],
    [
      'its creator, no longer a teacher',
      demotedCreator,
      classroom(),
      [false, false, false, false, false],
    ],
  ])(
    'with a classroom, as %s: manage, delete, manage co-teachers, submit flags, run targets %j',
    (_who, actor, facts, [manage, remove, manageCoTeachers, submitFlags, runTargets]) => {
      expect(classroomPermissions(actor, facts)).toEqual({
        manage,
        delete: remove,
        manageCoTeachers,
        submitFlags,
        runTargets,
      });
    },
  );

  it.each([
    ['its creator', creator, { creatorId: 'creator' }, true],
    ['an admin', admin, { creatorId: 'creator' }, true],
    ['an admin, a lab whose creator is gone', admin, { creatorId: null }, true],
    ['another teacher', otherTeacher, { creatorId: 'creator' }, false],
    ['a student', student, { creatorId: 'creator' }, false],
    ['a guest', guest, { creatorId: 'creator' }, false],
    ['its creator, no longer a teacher', demotedCreator, { creatorId: 'creator' }, false],
  ])('with a lab, as %s: everything %s', (_who, actor, facts, all) => {
    expect(labPermissions(actor, facts)).toEqual({
      edit: all,
      delete: all,
      seeFlags: all,
      addToClassrooms: all,
    });
  });

  it.each([
    ['its student', student, [true, true, true]],
    ['the classroom’s teacher', creator, [true, false, false]],
    ['a co-teacher of the classroom', coTeacher, [true, false, false]],
    ['an admin', admin, [true, false, false]],
    ['the classroom’s creator, no longer a teacher', demotedCreator, [false, false, false]],
    ['another teacher', otherTeacher, [false, false, false]],
  ])('with a target, as %s: stop, extend, reset %j', (_who, actor, [stop, extend, reset]) => {
    const target = {
      userId: 'student',
      classroomCreatorId: 'creator',
      coTeacher: actor === coTeacher,
    };
    expect(targetPermissions(actor, target)).toEqual({ stop, extend, reset });
  });
});

/**
 * Exported policies that are no `can` key, each for a reason: adding a policy the API enforces
 * without telling clients fails the test below until it is exposed or listed here.
 */
const notPermissions = new Map<unknown, string>([
  [actorModule.isTeacher, 'a role, which the policies are built from'],
  [actorModule.isGuest, 'a role, which the policies are built from'],
  [classroomModule.canSeeClassroom, 'what it hides, the API leaves out of the answer'],
  [classroomModule.canSeeClassroomSummary, 'a classroom one may not see is not sent'],
  [
    classroomModule.canRemoveCoTeacher,
    'about one co-teacher: sent with each as `can.remove` (those who manage co-teachers remove any, a co-teacher only themself)',
  ],
  [labModule.labListScope, 'which labs a list holds, not something one may do'],
]);

describe('the `can` objects', () => {
  const exposed = new Set<unknown>(
    [userPolicies, classroomPolicies, labPolicies, targetPolicies].flatMap(Object.values),
  );

  it.each([
    ['actors', actorModule],
    ['classrooms', classroomModule],
    ['labs', labModule],
    ['targets', targetModule],
  ])('expose every policy of %s, or say why not', (_module, policies) => {
    const functions = Object.entries(policies).filter(([, value]) => typeof value === 'function');
    expect(functions.length).toBeGreaterThan(0);
    const hidden = functions
      .filter(([, policy]) => !exposed.has(policy) && !notPermissions.has(policy))
      .map(([name]) => name);
    expect(hidden).toEqual([]);
  });
});
