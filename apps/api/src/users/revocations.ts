import type { VerifiedIdToken } from '@hackclass/id-token';

/** ID tokens live an hour; a revocation older than that (with clock skew) refuses nothing. */
export const REVOCATION_KEPT_MS = 65 * 60_000;

export interface Revocations {
  /**
   * Refuses the account's tokens issued before `validSince` (seconds; Infinity for a deleted
   * account), from a revocation recorded at `recordedAt`.
   */
  revoke(uid: string, validSince: number, recordedAt: number): void;
  /** Whether the token was issued before its account's latest revocation. */
  refuses(token: Pick<VerifiedIdToken, 'uid' | 'issuedAt'>): boolean;
  /** Forgets revocations too old to refuse any unexpired token. */
  prune(): void;
}

/**
 * Revocations of the last hour by uid, the only ones that matter: a token is never older. The
 * identity service checks `validSince` itself, but the API verifies tokens by signature alone,
 * so without these a token would outlive a password change, disabling or deletion by an hour.
 */
export function revocations({ now = Date.now }: { now?: () => number } = {}): Revocations {
  const byUid = new Map<string, { validSince: number; until: number }>();
  return {
    revoke(uid, validSince, recordedAt) {
      const until = recordedAt + REVOCATION_KEPT_MS;
      if (until <= now()) return;
      const known = byUid.get(uid);
      byUid.set(uid, {
        validSince: Math.max(validSince, known?.validSince ?? 0),
        until: Math.max(until, known?.until ?? 0),
      });
    },
    refuses({ uid, issuedAt }) {
      const revocation = byUid.get(uid);
      if (!revocation) return false;
      if (revocation.until <= now()) {
        byUid.delete(uid);
        return false;
      }
      return issuedAt < revocation.validSince;
    },
    prune() {
      const at = now();
      for (const [uid, { until }] of byUid) if (until <= at) byUid.delete(uid);
    },
  };
}
