import { createHmac, timingSafeEqual } from 'node:crypto';

/** The proxy's own cookie on a target's host; never forwarded to the target. */
export const TARGET_COOKIE = 'hackclass_target';

/**
 * How long a target's cookie lives. Not the target's own expiry, which Extend pushes back:
 * every request checks that the target still runs and its holder may still reach it.
 */
export const TARGET_COOKIE_MAX_AGE_MS = 12 * 60 * 60_000;

export interface TargetPass {
  targetId: string;
  userId: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * What a pass opens: the proxy's cookie (an HTTP target's host) or a TCP target's tunnel. The
 * signature covers it, so one is never taken for the other.
 */
export type PassPurpose = 'proxy' | 'tunnel';

const signatureOf = (secret: string, purpose: PassPurpose, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}\n${payload}`).digest('base64url');

/** `targetId.userId.expiry.signature`: who may reach which target until when. */
export function signPass(
  secret: string,
  { targetId, userId, expiresAt }: TargetPass,
  purpose: PassPurpose = 'proxy',
): string {
  const payload = `${targetId}.${userId}.${expiresAt}`;
  return `${payload}.${signatureOf(secret, purpose, payload)}`;
}

/** The pass a value holds when its signature is ours for `purpose` and it has not expired. */
export function verifyPass(
  secret: string,
  value: string | undefined,
  now = Date.now(),
  purpose: PassPurpose = 'proxy',
): TargetPass | undefined {
  const parts = value?.split('.');
  if (parts?.length !== 4) return undefined;
  const [targetId = '', userId = '', expiry = '', signature = ''] = parts;
  const expected = Buffer.from(signatureOf(secret, purpose, `${targetId}.${userId}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const expiresAt = Number(expiry);
  if (!Number.isSafeInteger(expiresAt) || expiresAt * 1000 <= now) return undefined;
  return { targetId, userId, expiresAt };
}

/** The pass's expiry in Unix seconds: `TARGET_COOKIE_MAX_AGE_MS` from now. */
export function passExpiry(now = Date.now()): number {
  return Math.floor((now + TARGET_COOKIE_MAX_AGE_MS) / 1000);
}

/**
 * The Set-Cookie header: host-only (no Domain), so it reaches this one target's host alone, and
 * Strict, so that no other site's link or form carries it (sibling targets are the same site:
 * the proxy refuses those by their `Sec-Fetch-Site`). The ticket exchange's page goes on to the
 * target from the target's own origin, which Strict lets through.
 */
export function passCookie(value: string, expiresAt: number, secure: boolean, now = Date.now()) {
  const maxAge = Math.max(0, expiresAt - Math.floor(now / 1000));
  return [
    `${TARGET_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
