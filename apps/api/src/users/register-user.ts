import { type RegisterRequest, ROLE } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { users } from '../db/schema';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import type { UserRow } from './ensure-user';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === '23505' ||
  (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * Creates the identity account and the product user together. If the product user cannot be
 * made, the account is deleted again, so neither exists without the other. With
 * `teacherApproval`, someone signing up as a teacher starts as a student awaiting approval.
 */
export async function registerUser(
  db: ApiDatabase,
  identityAdmin: IdentityAdmin,
  { email, password, displayName, roleId }: RegisterRequest,
  { teacherApproval }: { teacherApproval: boolean },
): Promise<UserRow> {
  const uid = await identityAdmin.createAccount({ email, password, displayName });
  const waits = teacherApproval && roleId === ROLE.teacher;
  try {
    const [user] = await db
      .insert(users)
      .values({
        identityUid: uid,
        email: email.toLowerCase(),
        displayName,
        roleId: waits ? ROLE.student : roleId,
        teacherRequestedAt: waits ? new Date() : null,
      })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    return user;
  } catch (error) {
    await identityAdmin.deleteAccount(uid);
    throw isUniqueViolation(error) ? apiErrors.emailInUse() : error;
  }
}
