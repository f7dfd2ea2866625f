import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { isUniqueViolation } from '../db/database-errors';
import { users } from '../db/schema';
import type { IdentityAdmin } from '../identity-admin/client';
import { deleteProductUser } from './delete-user';

/** Whether a write failed because another user row holds the email. */
export const isEmailTaken = (error: unknown): boolean =>
  isUniqueViolation(error, 'users_email_key');

/**
 * Frees an email held by the product user of an identity account that no longer exists: one
 * deleted while the API could not hear of it. The identity service keeps one account per
 * address, so a holder whose account exists is a real conflict. Returns whether it is free.
 */
export async function releaseStaleEmail(
  db: ApiDatabase,
  identityAdmin: IdentityAdmin,
  email: string,
): Promise<boolean> {
  const [holder] = await db
    .select({ identityUid: users.identityUid })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!holder) return true;
  if (await identityAdmin.accountExists(holder.identityUid)) return false;
  // Its targets stop with it.
  await deleteProductUser(db, holder.identityUid);
  return true;
}
