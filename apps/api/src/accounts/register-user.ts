import { type RegisterRequest, ROLE } from '@hackclass/contracts';
import type { ApiDatabase } from '../db';
import { type UserRow, users } from '../db/schema';
import { apiErrors } from '../errors';
import type { IdentityAdmin } from '../identity-admin/client';
import { isEmailTaken, releaseStaleEmail } from './stale-email';

async function insertUser(
  db: ApiDatabase,
  identityAdmin: IdentityAdmin,
  values: typeof users.$inferInsert,
): Promise<UserRow> {
  const insert = async () => {
    const [user] = await db.insert(users).values(values).returning();
    if (!user) throw new Error('user insert returned nothing');
    return user;
  };
  try {
    return await insert();
  } catch (error) {
    // The identity account was just made, so the email's holder here may belong to a deleted one.
    if (!isEmailTaken(error) || !(await releaseStaleEmail(db, identityAdmin, values.email))) {
      throw error;
    }
    return insert();
  }
}

/**
 * Creates the identity account and the product user together. If the product user cannot be
 * made, the account is deleted again, so neither exists without the other. Someone signing up as
 * a teacher has asked to teach until an admin decides: with `teacherApproval` they are a student
 * meanwhile, without it a teacher with the lower invitation allowance.
 * `emailVerified` is for accounts an operator creates, whose address needs no mail to prove it.
 */
export async function registerUser(
  db: ApiDatabase,
  identityAdmin: IdentityAdmin,
  { email, password, displayName, roleId }: RegisterRequest,
  { teacherApproval, emailVerified = false }: { teacherApproval: boolean; emailVerified?: boolean },
): Promise<UserRow> {
  const uid = await identityAdmin.createAccount({
    email,
    password,
    displayName,
    ...(emailVerified ? { emailVerified } : {}),
  });
  const waits = teacherApproval && roleId === ROLE.teacher;
  try {
    return await insertUser(db, identityAdmin, {
      identityUid: uid,
      email: email.toLowerCase(),
      emailVerified,
      displayName,
      roleId: waits ? ROLE.student : roleId,
      teacherRequestedAt: roleId === ROLE.teacher ? new Date() : null,
    });
  } catch (error) {
    await identityAdmin.deleteAccount(uid);
    throw isEmailTaken(error) ? apiErrors.emailInUse() : error;
  }
}
