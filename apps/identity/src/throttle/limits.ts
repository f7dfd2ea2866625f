import { MAIL_LINK_LIFETIME_MS } from '@hackclass/mail';
import type { Limit } from './throttle';

const minutes = (count: number) => count * 60_000;

/**
 * Failed sign-ins of one account from one client (an IPv4 address or an IPv6 /64): enough for
 * typos, far too few for guessing. Over it, that client is refused for that account, even with
 * the right password; every other client still signs in.
 */
export const SIGN_IN_FAILURES_PER_PAIR: Limit = { max: 5, windowMs: minutes(15) };

/**
 * Failed sign-ins of one account from anywhere: guessing spread over many clients. Over it the
 * account is not locked, since whoever holds enough addresses could then lock anyone out (one
 * IPv6 /48 is 65 536 clients); instead each client may fail only
 * SIGN_IN_FAILURES_PER_PAIR_UNDER_ATTACK times, so a spread guesser gets one guess per client
 * while a right password from a client without failures still signs in. A password reset
 * clears the count, as TOO_MANY_ATTEMPTS_TRY_LATER's message says.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT: Limit = { max: 25, windowMs: minutes(15) };
export const SIGN_IN_FAILURES_PER_PAIR_UNDER_ATTACK = 1;

/**
 * Failed sign-ins from one address over all accounts: one guess each at many accounts. A whole
 * school behind one NAT, or every user behind a proxy, shares the address, so over it the right
 * password still signs in; wrong ones are answered TOO_MANY_ATTEMPTS_TRY_LATER, after
 * SPRAY_DELAY_MS.
 */
export const SIGN_IN_FAILURES_PER_IP: Limit = { max: 30, windowMs: minutes(15) };

/** How long a wrong password waits for its answer once its address is over its limit. */
export const SPRAY_DELAY_MS = 1_000;

/**
 * Password changes and resets from one address: each hashes a new password. People change
 * passwords rarely; thirty an hour lets a classroom reset theirs together.
 */
export const PASSWORD_CHANGES_PER_IP: Limit = { max: 30, windowMs: minutes(60) };

/**
 * Sign-ins started at a provider from one address: each keeps a row for a quarter of an hour and
 * may fetch the provider's documents. A school behind one address starts a few hundred in the
 * first minutes of a lesson.
 */
export const PROVIDER_TRIPS_PER_IP: Limit = { max: 600, windowMs: minutes(10) };

/** Verification mails per account (only the signed-in account asks for its own). */
export const VERIFY_MAILS_PER_ACCOUNT: Limit = { max: 5, windowMs: minutes(60) };

/**
 * Reset mails are asked for anonymously, for anyone's address. Per address asked for and client
 * asking, a small limit; per asking client, a limit a classroom behind one NAT stays under. Over
 * either, the request is refused.
 */
export const RESET_MAILS_PER_PAIR: Limit = { max: 3, windowMs: minutes(60) };
export const RESET_MAILS_PER_IP: Limit = { max: 30, windowMs: minutes(60) };

/**
 * Reset mails per address asked for, so an inbox cannot be flooded. Strangers on enough clients
 * can fill this cap, so over it a request is answered as if mailed but mails nothing: a full cap
 * means the inbox got that many reset links within the window, and the window is never longer
 * than a link lives, so the owner's way out is already there.
 */
export const RESET_MAILS_PER_EMAIL: Limit = {
  max: 10,
  windowMs: Math.min(minutes(60), MAIL_LINK_LIFETIME_MS.reset_password),
};
