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

const signatureOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** `targetId.userId.expiry.signature`: who may reach which target until when. */
export function signPass(secret: string, { targetId, userId, expiresAt }: TargetPass): string {
  const payload = `${targetId}.${userId}.${expiresAt}`;
  return `${payload}.${signatureOf(secret, payload)}`;
}

/** The pass a cookie value holds when its signature is ours and it has not expired. */
export function verifyPass(
  secret: string,
  value: string | undefined,
  now = Date.now(),
): TargetPass | undefined {
  const parts = value?.split('.');
  if (parts?.length !== 4) return undefined;
  const [targetId = '', userId = '', expiry = '', signature = ''] = parts;
  const expected = Buffer.from(signatureOf(secret, `${targetId}.${userId}.${expiry}`));
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

/** The Set-Cookie header: host-only (no Domain), so it reaches this one target's host alone. */
export function passCookie(value: string, expiresAt: number, secure: boolean, now = Date.now()) {
  const maxAge = Math.max(0, expiresAt - Math.floor(now / 1000));
  return [
    `${TARGET_COOKIE}=${value}`,
    'Path=/',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
