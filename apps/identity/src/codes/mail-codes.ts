import { findAccountByEmail } from '../accounts/accounts';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { type ActionSettings, actionLink } from '../mail/links';
import { resetPasswordMail, verifyEmailMail } from '../mail/templates';
import { ProtocolError } from '../protocol/errors';
import { buckets, isOverLimit, MAILS_PER_ADDRESS, recordEvent } from '../throttle/throttle';
import { createOobCode } from './oob-codes';

async function countMail(ctx: IdentityContext, email: string, overLimit: ProtocolError) {
  const bucket = buckets.mail(email);
  if (await isOverLimit(ctx, bucket, MAILS_PER_ADDRESS)) throw overLimit;
  await recordEvent(ctx, bucket);
}

/** Mails a VERIFY_EMAIL link to the signed-in account's address. */
export async function sendVerificationMail(
  ctx: IdentityContext,
  account: Account,
  settings: ActionSettings,
): Promise<void> {
  await countMail(ctx, account.email, new ProtocolError('TOO_MANY_ATTEMPTS_TRY_LATER'));
  const code = await createOobCode(ctx, account, 'VERIFY_EMAIL');
  ctx.sendMail(verifyEmailMail(account.email, actionLink(ctx, 'verifyEmail', code, settings)));
}

/**
 * Mails a PASSWORD_RESET link when the address has a usable account, and does nothing
 * otherwise. The caller answers alike either way; the mail goes out in the background, so the
 * reply takes no longer for a real account than for an unknown address.
 */
export async function sendPasswordResetMail(
  ctx: IdentityContext,
  email: string,
  settings: ActionSettings,
): Promise<void> {
  await countMail(ctx, email, new ProtocolError('RESET_PASSWORD_EXCEED_LIMIT'));
  const account = await findAccountByEmail(ctx, email);
  if (!account || account.disabled) return;
  const code = await createOobCode(ctx, account, 'PASSWORD_RESET');
  ctx.sendMail(resetPasswordMail(account.email, actionLink(ctx, 'resetPassword', code, settings)));
}
