import type { ServerConfig } from '@hackclass/config';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { users } from '../db/schema';
import { apiErrors } from '../errors';
import { type Actor, isAdmin } from '../policies/actors';
import type { UploadBudget } from '../uploads/multipart-form';
import { type Usage, usageOf } from './usage';

export type Quotas = ServerConfig['quotas'];

/** The account whose quotas a change is counted against, with their limits. */
export interface QuotaOwner {
  userId: string;
  limits: Quotas;
}

/**
 * Whose quotas count what `actor` adds to content owned by `ownerId`: none when an admin acts
 * (admins are exempt, on their own content and when they edit others'), or when the owner's
 * account is gone.
 */
export const quotaOwner = (
  actor: Actor,
  ownerId: string | null,
  limits: Quotas,
): QuotaOwner | undefined =>
  isAdmin(actor) || ownerId === null ? undefined : { userId: ownerId, limits };

/**
 * Refuses `adding` if it would take the owner past a quota: 409 naming the count, or 413 for
 * bytes. Locks the owner's row for the rest of the transaction, so call it in the transaction
 * that adds, after anything that same transaction removes.
 */
export async function ensureRoom(
  tx: ApiDatabase,
  owner: QuotaOwner | undefined,
  adding: Partial<Usage>,
): Promise<void> {
  if (!owner) return;
  // Two uploads of one account must not both fit in the room left for one. The count is a
  // statement of its own after the lock: one statement would count from the snapshot it took
  // before waiting, blind to what the other transaction committed meanwhile.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  const used = await usageOf(tx, owner.userId);
  const { limits } = owner;
  if (adding.labs && used.labs + adding.labs > limits.labs) {
    throw apiErrors.quotaExceeded('labs', used.labs, limits.labs);
  }
  if (adding.classrooms && used.classrooms + adding.classrooms > limits.classrooms) {
    throw apiErrors.quotaExceeded('classrooms', used.classrooms, limits.classrooms);
  }
  if (adding.fileBytes && used.fileBytes + adding.fileBytes > limits.fileBytes) {
    throw apiErrors.storageQuotaExceeded(used.fileBytes, limits.fileBytes);
  }
}

/**
 * What the owner's files may still take, for the upload to stop at (see `readMultipartForm`):
 * read before the upload, without a lock, so `ensureRoom` decides again once it is stored.
 * `freeable` is what the same request may remove first (an edit's files).
 */
export async function uploadBudget(
  db: ApiDatabase,
  owner: QuotaOwner | undefined,
  freeable = 0,
): Promise<UploadBudget | undefined> {
  if (!owner) return undefined;
  const { fileBytes } = await usageOf(db, owner.userId);
  const limit = owner.limits.fileBytes;
  return {
    bytes: limit - fileBytes + freeable,
    exceeded: () => apiErrors.storageQuotaExceeded(fileBytes, limit),
  };
}

export const bytesOf = (files: { size: number }[]) =>
  files.reduce((total, file) => total + file.size, 0);
