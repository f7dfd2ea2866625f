import { consumeOobCode, peekOobCode } from '../codes/oob-codes';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { findAccount, updateAccount } from './accounts';

/** Applies a VERIFY_EMAIL code: the account's address is confirmed and the code is used up. */
export async function verifyEmailWithCode(ctx: IdentityContext, code: string): Promise<Account> {
  const peeked = await peekOobCode(ctx, code, 'VERIFY_EMAIL');
  const account = await findAccount(ctx, peeked.uid);
  if (!account) throw new ProtocolError('USER_NOT_FOUND');
  if (account.disabled) throw new ProtocolError('USER_DISABLED');
  // A code mailed to an address the account no longer has proves nothing.
  if (account.email !== peeked.email) throw new ProtocolError('INVALID_OOB_CODE');
  await consumeOobCode(ctx, code, 'VERIFY_EMAIL');
  return updateAccount(ctx, account.uid, { emailVerified: true });
}
