import { mailBrandOf, resetPasswordMail, verifyEmailMail } from '@hackclass/mail';
import { findAccountByEmail } from '../accounts/accounts';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { type ActionSettings, actionLink } from '../mail/links';
import { ProtocolError } from '../protocol/errors';
import {
  RESET_MAILS_PER_EMAIL,
  RESET_MAILS_PER_IP,
  RESET_MAILS_PER_PAIR,
  VERIFY_MAILS_PER_ACCOUNT,
} from '../throttle/limits';
import { buckets, countEvent, forgetEvents, takeTurn } from '../throttle/throttle';
import { createOobCode } from './oob-codes';

/** Mails a VERIFY_EMAIL link to the signed-in account's address. */
export async function sendVerificationMail(
  ctx: IdentityContext,
  account: Account,
  settings: ActionSettings,
): Promise<void> {
  await takeTurn(
    ctx,
    () =>
      new ProtocolError(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
        'Too many verification mails; try again later',
      ),
    { bucket: buckets.verifyMail(account.email), limit: VERIFY_MAILS_PER_ACCOUNT },
  );
  await ctx.db.transaction(async (db) => {
    const code = await createOobCode({ ...ctx, db }, account, 'VERIFY_EMAIL');
    await ctx.sendMail(
      verifyEmailMail(mailBrandOf(ctx.publicUrl), {
        to: account.email,
        link: actionLink(ctx, 'verifyEmail', code, settings),
      }),
      db,
    );
  });
}

/**
 * Mails a PASSWORD_RESET link when the address has a usable account, and does nothing
 * otherwise. The caller answers alike either way; the mail goes out in the background, so the
 * reply takes no longer for a real account than for an unknown address. `ip` is the address
 * asking, counted apart from the email asked for; past the email's own cap nothing is mailed
 * and nothing refused (see RESET_MAILS_PER_EMAIL).
 */
export async function sendPasswordResetMail(
  ctx: IdentityContext,
  { email, ip }: { email: string; ip: string },
  settings: ActionSettings,
): Promise<void> {
  const {
    ids,
    over: [pairOver, ipOver, inboxFull],
  } = await countEvent(
    ctx,
    { bucket: buckets.resetMailPair(email, ip), limit: RESET_MAILS_PER_PAIR },
    { bucket: buckets.resetMailIp(ip), limit: RESET_MAILS_PER_IP },
    { bucket: buckets.resetMail(email), limit: RESET_MAILS_PER_EMAIL },
  );
  if (pairOver || ipOver) {
    await forgetEvents(ctx, ids);
    throw new ProtocolError('RESET_PASSWORD_EXCEED_LIMIT');
  }
  // Only the email's event is taken back, so that its count stays the mails sent; the asking
  // client's events stay, as it did ask.
  if (inboxFull) return forgetEvents(ctx, ids.slice(2));
  const account = await findAccountByEmail(ctx, email);
  if (!account || account.disabled) return;
  await ctx.db.transaction(async (db) => {
    const code = await createOobCode({ ...ctx, db }, account, 'PASSWORD_RESET');
    await ctx.sendMail(
      resetPasswordMail(mailBrandOf(ctx.publicUrl), {
        to: account.email,
        link: actionLink(ctx, 'resetPassword', code, settings),
      }),
      db,
    );
  });
}
