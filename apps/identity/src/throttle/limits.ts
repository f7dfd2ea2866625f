import type { Limit } from './throttle';

const minutes = (count: number) => count * 60_000;

/**
 * Failed sign-ins of one account from one address: enough for typos, far too few for guessing.
 * Over it, that address is refused for that account, even with the right password; every other
 * address still signs in.
 */
export const SIGN_IN_FAILURES_PER_PAIR: Limit = { max: 5, windowMs: minutes(15) };

/**
 * Failed sign-ins of one account from anywhere: guessing spread over many addresses. Over it,
 * the account is refused for everyone until the window passes or a password reset lifts it, as
 * TOO_MANY_ATTEMPTS_TRY_LATER's message says. Five pairs' worth, so that no single address can
 * lock anybody out.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT: Limit = { max: 25, windowMs: minutes(15) };

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

/** Verification mails per account (only the signed-in account asks for its own). */
export const VERIFY_MAILS_PER_ACCOUNT: Limit = { max: 5, windowMs: minutes(60) };

/**
 * Reset mails are asked for anonymously, for anyone's address. Per address asked for and
 * address asking a small limit, so a stranger's requests cannot use up the larger per-email cap
 * that keeps an inbox from being flooded; per asking address a limit a classroom behind one NAT
 * stays under.
 */
export const RESET_MAILS_PER_PAIR: Limit = { max: 3, windowMs: minutes(60) };
export const RESET_MAILS_PER_EMAIL: Limit = { max: 10, windowMs: minutes(60) };
export const RESET_MAILS_PER_IP: Limit = { max: 30, windowMs: minutes(60) };
