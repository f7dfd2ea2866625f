import { normalizeEmail } from '@hackclass/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ClassroomRow } from '../classrooms/find-classrooms';
import type { ApiDatabase } from '../db';
import { classroomCoTeachers, members, users } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';
import { notify } from '../notifications/notify';
import { isTeacher } from '../policies/actors';
import { type CoTeacherRow, listCoTeachers } from './list-co-teachers';

/**
 * Adds the verified teacher with `email` as a co-teacher of the classroom, and tells them.
 *
 * Inviting a member answers alike whoever the email belongs to; this cannot, since only teachers
 * co-teach and nothing waits for an account. It answers one way for a verified, enabled teacher
 * and one other way (`not_a_teacher`) for everything else: no account, an unverified one, a
 * student, a guest, a disabled account. So it tells those who run a classroom whether an email
 * is a teacher's here, never whether a student or a stranger has an account.
 *
 * Someone already on the roster (invited, asking or accepted) is refused rather than moved: a
 * co-teacher never competes, and removing a member drops their standing, which the teacher
 * should decide on the roster, not as a side effect.
 */
export async function addCoTeacher(
  db: ApiDatabase,
  classroom: ClassroomRow,
  adder: { id: string; name: string },
  email: string,
): Promise<CoTeacherRow> {
  const address = normalizeEmail(email);
  const [teacher] = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.email})`, address),
        eq(users.emailVerified, true),
        isNull(users.disabledAt),
      ),
    );
  if (!teacher || !isTeacher(teacher)) throw apiErrors.notATeacher(address);
  if (teacher.id === classroom.creatorId) {
    throw apiErrors.alreadyCoTeacher(`${address} created this classroom and teaches it already`);
  }
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ status: members.status })
      .from(members)
      .where(and(eq(members.classroomId, classroom.id), eq(members.userId, teacher.id)));
    if (member) {
      throw apiErrors.alreadyMember(
        `${address} is on this classroom’s roster: remove them from it first, ` +
          'as a co-teacher does not compete',
      );
    }
    const [added] = await tx
      .insert(classroomCoTeachers)
      .values({ classroomId: classroom.id, userId: teacher.id, addedBy: adder.id })
      .onConflictDoNothing()
      .returning();
    if (!added) throw apiErrors.alreadyCoTeacher(`${address} co-teaches this classroom already`);
    await notify(tx, [teacher.id], 'CoTeacherAdded', {
      classroomId: classroom.id,
      classroomName: classroom.name,
      userName: adder.name,
    });
    recordEvent(tx, { type: 'members.changed', classroomId: classroom.id });
    const [coTeacher] = await listCoTeachers(tx, classroom.id, teacher.id);
    if (!coTeacher) throw new Error('the co-teacher just added is missing');
    return coTeacher;
  });
}
