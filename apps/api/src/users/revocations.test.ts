import { describe, expect, it } from 'vitest';
import { REVOCATION_KEPT_MS, revocations } from './revocations';

function clock(start = 1_800_000_000_000) {
  let time = start;
  return {
    now: () => time,
    pass: (ms: number) => {
      time += ms;
    },
  };
}

const token = (uid: string, issuedAt: number) => ({ uid, issuedAt });

describe('revocations', () => {
  it('refuses the tokens issued before the line, and accepts those issued at it or later', () => {
    const { now } = clock();
    const revoked = revocations({ now });
    revoked.revoke('ada', 1_000, now());
    expect(revoked.refuses(token('ada', 999))).toBe(true);
    expect(revoked.refuses(token('ada', 1_000))).toBe(false);
    expect(revoked.refuses(token('bob', 999))).toBe(false);
  });

  it('keeps the latest line whatever order revocations arrive in, and a deletion refuses all', () => {
    const { now } = clock();
    const revoked = revocations({ now });
    revoked.revoke('ada', 2_000, now());
    revoked.revoke('ada', 1_000, now());
    expect(revoked.refuses(token('ada', 1_500))).toBe(true);
    revoked.revoke('ada', Number.POSITIVE_INFINITY, now());
    expect(revoked.refuses(token('ada', 9_999_999_999))).toBe(true);
  });

  it('forgets a revocation once no token it refuses can still be unexpired', () => {
    const { now, pass } = clock();
    const revoked = revocations({ now });
    revoked.revoke('ada', Number.POSITIVE_INFINITY, now());
    revoked.revoke('bob', Number.POSITIVE_INFINITY, now() - REVOCATION_KEPT_MS);
    expect(revoked.refuses(token('bob', 1))).toBe(false);
    pass(REVOCATION_KEPT_MS - 1);
    expect(revoked.refuses(token('ada', 1))).toBe(true);
    pass(1);
    revoked.prune();
    expect(revoked.refuses(token('ada', 1))).toBe(false);
  });
});
