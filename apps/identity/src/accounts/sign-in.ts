import { setTimeout as sleep } from 'node:timers/promises';
import type { IdentityContext } from '../context';
import type { Account } from '../db/schema';
import { refuseSchoolOnlyPassword } from '../federation/providers';
import { invalidField, ProtocolError } from '../protocol/errors';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_FAILURES_PER_PAIR,
  SIGN_IN_FAILURES_PER_PAIR_UNDER_ATTACK,
  SPRAY_DELAY_MS,
} from '../throttle/limits';
import { buckets, clearEvents, countEvent, forgetEvents } from '../throttle/throttle';
import { findAccountByEmail, updateAccount } from './accounts';
import { isFirebaseHash } from './firebase-scrypt';
import { payForImportedHash, verifyImportedPassword } from './imported-passwords';
import { hashPassword, needsRehash, verifyAgainstNobody, verifyPassword } from './password-hash';
import { isPossiblePassword, MAX_PASSWORD_LENGTH } from './password-policy';

/**
 * Every wrong guess costs one hash with our parameters and, while imported Firebase hashes
 * remain, one with the costliest import's: an imported account checks its own Firebase hash and
 * pays for ours, any other path checks ours and pays for a Firebase one. So timing does not tell
 * unknown addresses, our accounts and imported ones apart.
 */
async function checkPassword(ctx: IdentityContext, account: Account | undefined, password: string) {
  // An account made through a provider has no password until its holder sets one.
  const stored = account?.passwordHash;
  return ctx.hashing.signIn.run(async () => {
    if (account && stored && isFirebaseHash(stored)) {
      const matches = await verifyImportedPassword(ctx, password, stored, account.uid);
      if (!matches) await verifyAgainstNobody(password, ctx.passwordParams);
      return matches;
    }
    const matches = stored
      ? await verifyPassword(password, stored)
      : await verifyAgainstNobody(password, ctx.passwordParams).then(() => false);
    if (!matches) await payForImportedHash(ctx, password);
    return matches;
  });
}

/**
 * Checks an email and password. Unknown address and wrong password answer alike, in alike
 * time; a disabled account is only revealed to someone who knows its password.
 *
 * Every attempt is counted before the password is checked (so parallel guesses see each other)
 * and taken back when it was right, leaving only failures, per (account, client) pair, per
 * account and per client, in the database every replica shares. See the limits for what each
 * count refuses.
 */
export async function signInWithPassword(
  ctx: IdentityContext,
  { email, password, ip }: { email: string; password: string; ip: string },
): Promise<Account> {
  if (!isPossiblePassword(password)) {
    throw invalidField('password', `longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  await refuseSchoolOnlyPassword(ctx, email);
  const pairBucket = buckets.signInPair(email, ip);
  const {
    ids,
    events: [pairFailures = 0],
    over: [pairOver, accountUnderAttack, ipOver],
  } = await countEvent(
    ctx,
    { bucket: pairBucket, limit: SIGN_IN_FAILURES_PER_PAIR },
    { bucket: buckets.signInAccount(email), limit: SIGN_IN_FAILURES_PER_ACCOUNT },
    { bucket: buckets.signInIp(ip), limit: SIGN_IN_FAILURES_PER_IP },
  );
  if (pairOver || (accountUnderAttack && pairFailures > SIGN_IN_FAILURES_PER_PAIR_UNDER_ATTACK)) {
    await forgetEvents(ctx, ids);
    throw new ProtocolError('TOO_MANY_ATTEMPTS_TRY_LATER');
  }

  const account = await findAccountByEmail(ctx, email);
  // A sign-in the hashing gate turned away was no guess: it must not count as a failure.
  const matches = await checkPassword(ctx, account, password).catch(async (error: unknown) => {
    await forgetEvents(ctx, ids);
    throw error;
  });
  if (!account || !matches) {
    // Over the address's limit a wrong guess costs time, and says so; a right one still passes.
    if (ipOver) {
      await sleep(SPRAY_DELAY_MS);
      throw new ProtocolError('TOO_MANY_ATTEMPTS_TRY_LATER');
    }
    throw new ProtocolError('INVALID_LOGIN_CREDENTIALS');
  }
  await forgetEvents(ctx, ids);
  if (account.disabled) throw new ProtocolError('USER_DISABLED');

  await clearEvents(ctx, pairBucket);
  const rehash =
    account.passwordHash && needsRehash(account.passwordHash, ctx.passwordParams)
      ? {
          passwordHash: await ctx.hashing.signIn.run(() =>
            hashPassword(password, ctx.passwordParams),
          ),
        }
      : {};
  return updateAccount(ctx, account.uid, { ...rehash, lastLoginAt: ctx.now() });
}
