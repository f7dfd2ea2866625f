import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import {
  buckets,
  clearEvents,
  isOverLimit,
  recordEvent,
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_IP,
} from '../throttle/throttle';
import { findAccountByEmail, updateAccount } from './accounts';
import { hashPassword, needsRehash, verifyAgainstNobody, verifyPassword } from './password-hash';

/**
 * Checks an email and password. Unknown address and wrong password answer alike, in alike
 * time; a disabled account is only revealed to someone who knows its password. Failures count
 * per account and per IP in the database, so every replica sees the same counts.
 */
export async function signInWithPassword(
  ctx: IdentityContext,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<Account> {
  const accountBucket = buckets.signInAccount(email);
  const ipBucket = buckets.signInIp(ip);
  const [accountLocked, ipLocked] = await Promise.all([
    isOverLimit(ctx, accountBucket, SIGN_IN_FAILURES_PER_ACCOUNT),
    isOverLimit(ctx, ipBucket, SIGN_IN_FAILURES_PER_IP),
  ]);
  if (accountLocked || ipLocked) throw new ProtocolError('TOO_MANY_ATTEMPTS_TRY_LATER');

  const account = await findAccountByEmail(ctx, email);
  const matches = account
    ? await verifyPassword(password, account.passwordHash)
    : await verifyAgainstNobody(password, ctx.passwordParams).then(() => false);
  if (!account || !matches) {
    await recordEvent(ctx, accountBucket, ipBucket);
    throw new ProtocolError('INVALID_LOGIN_CREDENTIALS');
  }
  if (account.disabled) throw new ProtocolError('USER_DISABLED');

  await clearEvents(ctx, accountBucket);
  const rehash = needsRehash(account.passwordHash, ctx.passwordParams)
    ? { passwordHash: await hashPassword(password, ctx.passwordParams) }
    : {};
  return updateAccount(ctx, account.uid, { ...rehash, lastLoginAt: ctx.now() });
}
