import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passCookie, passExpiry, signPass, TARGET_COOKIE_MAX_AGE_MS, verifyPass } from './cookie';

const SECRET = 'a'.repeat(64);
const now = Date.UTC(2026, 10, 24, 10, 0, 0);
const pass = { targetId: randomUUID(), userId: randomUUID(), expiresAt: now / 1000 + 600 };

describe('the proxy’s pass', () => {
  it('verifies as signed, until it expires', () => {
    const value = signPass(SECRET, pass);
    expect(verifyPass(SECRET, value, now)).toEqual(pass);
    expect(verifyPass(SECRET, value, (pass.expiresAt + 1) * 1000)).toBeUndefined();
  });

  it('is refused when any part is changed, or signed with another secret', () => {
    const value = signPass(SECRET, pass);
    const [targetId, userId, expiry, signature] = value.split('.');
    for (const forged of [
      `${randomUUID()}.${userId}.${expiry}.${signature}`,
      `${targetId}.${randomUUID()}.${expiry}.${signature}`,
      `${targetId}.${userId}.${Number(expiry) + 3600}.${signature}`,
      `${targetId}.${userId}.${expiry}.${signature?.slice(1)}x`,
      signPass('b'.repeat(64), pass),
      `${value}.extra`,
      '',
      undefined,
    ]) {
      expect(verifyPass(SECRET, forged, now)).toBeUndefined();
    }
  });

  it('opens one thing: a tunnel pass is not a proxy cookie, nor the other way round', () => {
    const tunnel = signPass(SECRET, pass, 'tunnel');
    expect(verifyPass(SECRET, tunnel, now, 'tunnel')).toEqual(pass);
    expect(verifyPass(SECRET, tunnel, now, 'proxy')).toBeUndefined();
    expect(verifyPass(SECRET, signPass(SECRET, pass), now, 'tunnel')).toBeUndefined();
  });

  it('outlives an extended target: it ends 12 hours after the ticket was used', () => {
    expect(passExpiry(now)).toBe((now + TARGET_COOKIE_MAX_AGE_MS) / 1000);
  });

  it('is a host-only HttpOnly Strict cookie, Secure over https', () => {
    const cookie = passCookie('v', now / 1000 + 60, true, now);
    expect(cookie).toBe(
      'hackclass_target=v; Path=/; Max-Age=60; HttpOnly; SameSite=Strict; Secure',
    );
    expect(cookie).not.toMatch(/domain/i);
    expect(passCookie('v', now / 1000 + 60, false, now)).not.toContain('Secure');
  });
});
