import { ROLE } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { canAddLabToClassrooms, canDeleteLab, canListLabs, labListScope } from './labs';

const creator = { id: 'creator', roleId: ROLE.teacher };
const otherTeacher = { id: 'other', roleId: ROLE.teacher };
const student = { id: 'student', roleId: ROLE.student };
const admin = { id: 'admin', roleId: ROLE.admin };
const guest = { id: 'guest', roleId: ROLE.guest };
const demotedCreator = { id: 'creator', roleId: ROLE.student };

const lab = { creatorId: 'creator' };
const orphan = { creatorId: null };

describe('lab policies', () => {
  it.each([
    ['its creator', creator, lab, true, true, 'own'],
    ['an admin', admin, lab, true, true, 'all'],
    ['an admin, a lab whose creator is gone', admin, orphan, true, true, 'all'],
    ['another teacher', otherTeacher, lab, false, true, 'own'],
    ['a teacher, a lab whose creator is gone', otherTeacher, orphan, false, true, 'own'],
    ['a student', student, lab, false, true, 'classrooms'],
    ['its creator after losing the teacher role', demotedCreator, lab, false, true, 'classrooms'],
    ['a guest', guest, lab, false, false, 'classrooms'],
  ])('%s: delete and add %s, list %s (%s)', (_who, actor, facts, manage, list, scope) => {
    expect(canDeleteLab(actor, facts)).toBe(manage);
    expect(canAddLabToClassrooms(actor, facts)).toBe(manage);
    expect(canListLabs(actor)).toBe(list);
    expect(labListScope(actor)).toBe(scope);
  });
});
