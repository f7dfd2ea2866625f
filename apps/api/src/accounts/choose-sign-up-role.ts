import { ROLE, type SignUpRole } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { type UserRow, users } from '../db/schema';
import { apiErrors } from '../errors';

/**
 * A user the API has just made (their account was made elsewhere, a Firebase project) says
 * whether they signed up as a student or a teacher, by the rules of `/auth/register`: a teacher
 * has asked to teach until an admin decides, and with `teacherApproval` is a student meanwhile.
 * Once only: 409 after they chose, after an admin set their role, and for users signed up
 * through `/auth/register`. An admin (ADMIN_EMAILS) stays an admin.
 */
export async function chooseSignUpRole(
  db: ApiDatabase,
  user: UserRow,
  { roleId }: SignUpRole,
  { teacherApproval }: { teacherApproval: boolean },
): Promise<UserRow> {
  const waits = teacherApproval && roleId === ROLE.teacher;
  const keepsRole = user.roleId === ROLE.admin;
  const [chosen] = await db
    .update(users)
    .set({
      signUpRoleOpen: false,
      ...(keepsRole
        ? {}
        : {
            roleId: waits ? ROLE.student : roleId,
            teacherRequestedAt: roleId === ROLE.teacher ? new Date() : null,
          }),
      updatedAt: new Date(),
    })
    // The row, not the caller's copy, says whether the choice is still open: two requests at
    // once make one choice.
    .where(and(eq(users.id, user.id), eq(users.signUpRoleOpen, true)))
    .returning();
  if (!chosen) throw apiErrors.signUpRoleChosen();
  return chosen;
}
