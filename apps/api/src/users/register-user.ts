import type { RegisterRequest } from '@hackclass/contracts';
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
 * made, the account is deleted again, so neither exists without the other.
 */
export async function registerUser(
  db: ApiDatabase,
  identityAdmin: IdentityAdmin,
  { email, password, displayName, roleId }: RegisterRequest,
): Promise<UserRow> {
  const uid = await identityAdmin.createAccount({ email, password, displayName });
  try {
    const [user] = await db
      .insert(users)
      .values({ identityUid: uid, email: email.toLowerCase(), displayName, roleId })
      .returning();
    if (!user) throw new Error('user insert returned nothing');
    return user;
  } catch (error) {
    await identityAdmin.deleteAccount(uid);
    throw isUniqueViolation(error) ? apiErrors.emailInUse() : error;
  }
}
