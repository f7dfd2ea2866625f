import { consumeOobCode, peekOobCode, voidOobCodes } from '../codes/oob-codes';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { buckets, clearEvents, clearEventsStartingWith } from '../throttle/throttle';
import { changePassword, findAccount } from './accounts';
import { countPasswordChange } from './new-password-limits';
import { checkNewPassword } from './password-policy';

async function accountOfCode(ctx: IdentityContext, code: string) {
  const peeked = await peekOobCode(ctx, code, 'PASSWORD_RESET');
  const account = await findAccount(ctx, peeked.uid);
  if (!account || account.email !== peeked.email) throw new ProtocolError('INVALID_OOB_CODE');
  if (account.disabled) throw new ProtocolError('USER_DISABLED');
  return account;
}

/** The address a reset code is for, without using the code up. */
export async function checkPasswordResetCode(ctx: IdentityContext, code: string) {
  return (await accountOfCode(ctx, code)).email;
}

/**
 * Sets the new password: the code and the account's other reset codes are used up, every
 * session ends, the address counts as verified (the mail reached it) and the sign-in lockout
 * lifts, as the lockout message promises.
 */
export async function confirmPasswordReset(
  ctx: IdentityContext,
  { code, newPassword, ip }: { code: string; newPassword: string; ip: string },
): Promise<Account> {
  checkNewPassword(newPassword);
  const account = await accountOfCode(ctx, code);
  await countPasswordChange(ctx, ip);
  await consumeOobCode(ctx, code, 'PASSWORD_RESET');
  await voidOobCodes(ctx, account.uid, 'PASSWORD_RESET');
  const updated = await changePassword(ctx, account.uid, newPassword, { emailVerified: true });
  await clearEvents(ctx, buckets.signInAccount(account.email));
  await clearEventsStartingWith(ctx, buckets.signInPairsOf(account.email));
  return updated;
}
