import { eq, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { type Account, accounts } from '../db/schema';
import { refuseSchoolOnlyPassword } from '../federation/providers';
import { ProtocolError } from '../protocol/errors';
import { revokeAccountRefreshTokens } from '../tokens/refresh-tokens';
import { recordAccountEvent } from './account-events';
import { releaseFirebaseParams } from './firebase-params';
import { parseFirebaseHash } from './firebase-scrypt';
import { hashPassword } from './password-hash';
import { checkNewPassword } from './password-policy';
import { newUid } from './uid';

export interface NewAccount {
  /** Already normalised by normaliseEmail. */
  email: string;
  password: string;
  displayName?: string | undefined;
  emailVerified?: boolean | undefined;
}

/**
 * An existing address is refused before the password is hashed: that check costs a query, the
 * hash a quarter of a second of a core. The insert still guards against a race between two.
 */
export async function createAccount(ctx: IdentityContext, input: NewAccount): Promise<Account> {
  checkNewPassword(input.password);
  await refuseSchoolOnlyPassword(ctx, input.email);
  if (await findAccountByEmail(ctx, input.email)) throw new ProtocolError('EMAIL_EXISTS');
  const passwordHash = await ctx.hashing.newPassword.run(() =>
    hashPassword(input.password, ctx.passwordParams),
  );
  const now = ctx.now();
  const [account] = await ctx.db
    .insert(accounts)
    .values({
      uid: newUid(),
      email: input.email,
      emailVerified: input.emailVerified ?? false,
      displayName: input.displayName ?? null,
      passwordHash,
      passwordUpdatedAt: now,
      validSince: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!account) throw new ProtocolError('EMAIL_EXISTS');
  return account;
}

export async function findAccount(ctx: IdentityContext, uid: string): Promise<Account | undefined> {
  return ctx.db.query.accounts.findFirst({ where: eq(accounts.uid, uid) });
}

export async function findAccountByEmail(
  ctx: IdentityContext,
  email: string,
): Promise<Account | undefined> {
  return ctx.db.query.accounts.findFirst({ where: eq(sql`lower(${accounts.email})`, email) });
}

export async function updateAccount(
  ctx: IdentityContext,
  uid: string,
  changes: Partial<Omit<Account, 'uid' | 'createdAt'>>,
): Promise<Account> {
  const replaced =
    changes.passwordHash === undefined
      ? undefined
      : (
          await ctx.db
            .select({ passwordHash: accounts.passwordHash })
            .from(accounts)
            .where(eq(accounts.uid, uid))
        )[0]?.passwordHash;
  const [account] = await ctx.db
    .update(accounts)
    .set(changes)
    .where(eq(accounts.uid, uid))
    .returning();
  if (!account) throw new ProtocolError('USER_NOT_FOUND');
  await releaseReplacedHash(ctx, replaced, account.passwordHash);
  return account;
}

/** An imported hash that is gone may have been the last to need its import's parameters. */
async function releaseReplacedHash(
  ctx: Pick<IdentityContext, 'db'>,
  replaced: string | null | undefined,
  current: string | null | undefined,
): Promise<void> {
  const paramsId = replaced ? parseFirebaseHash(replaced)?.paramsId : undefined;
  if (paramsId && replaced !== current) await releaseFirebaseParams(ctx.db, paramsId);
}

/**
 * Sets a new password and ends every session: ID tokens issued before now are refused (here and,
 * through the account events, by relying services) and all refresh tokens are revoked. Used by
 * password change and password reset, in one transaction with `alongside` (the mail telling of it).
 */
export async function changePassword(
  ctx: IdentityContext,
  uid: string,
  password: string,
  extra: Partial<Pick<Account, 'emailVerified'>> = {},
  alongside?: (inTransaction: IdentityContext, account: Account) => Promise<void>,
): Promise<Account> {
  checkNewPassword(password);
  // Hashed before the transaction: scrypt is slow, and a transaction holds its connection.
  const passwordHash = await ctx.hashing.newPassword.run(() =>
    hashPassword(password, ctx.passwordParams),
  );
  const now = ctx.now();
  return ctx.db.transaction(async (db) => {
    const inTransaction = { ...ctx, db };
    const account = await updateAccount(inTransaction, uid, {
      ...extra,
      passwordHash,
      passwordUpdatedAt: now,
      validSince: now,
    });
    await revokeAccountRefreshTokens(inTransaction, uid);
    await recordAccountEvent(inTransaction, uid, 'revoked', now);
    await alongside?.(inTransaction, account);
    return account;
  });
}

/** A disabled account cannot sign in or refresh; its sessions end at once. */
export async function setDisabled(
  ctx: IdentityContext,
  uid: string,
  disabled: boolean,
): Promise<Account> {
  const now = ctx.now();
  const account = await updateAccount(
    ctx,
    uid,
    disabled ? { disabled, validSince: now } : { disabled },
  );
  if (disabled) {
    await revokeAccountRefreshTokens(ctx, uid);
    await recordAccountEvent(ctx, uid, 'revoked', now);
  }
  return account;
}

/**
 * Refresh tokens and codes go with the account (foreign keys cascade); the event telling relying
 * services to forget the account is recorded in the same transaction.
 */
export async function deleteAccount(ctx: IdentityContext, uid: string): Promise<void> {
  await ctx.db.transaction(async (db) => {
    const deleted = await db.delete(accounts).where(eq(accounts.uid, uid)).returning();
    if (deleted.length === 0) throw new ProtocolError('USER_NOT_FOUND');
    await recordAccountEvent({ db, now: ctx.now }, uid, 'deleted', ctx.now());
    await releaseReplacedHash({ db }, deleted[0]?.passwordHash, undefined);
  });
}
