import type { User } from 'firebase/auth';

/** Refresh 5 minutes before the ID token expires. */
export const refreshLeadMs = 5 * 60_000;
/** After a failed refresh, retry in 30 s, doubling up to 16 minutes. */
export const firstRetryMs = 30_000;
export const maxRetryMs = 16 * 60_000;

/**
 * Keeps the user's ID token fresh on our own clock: with Auth as its only Firebase product the
 * SDK refreshes lazily, when a token is asked for. A successful refresh fires
 * `onIdTokenChanged`, whose listener calls this again for the new token. Returns a cancel.
 */
export function scheduleTokenRefresh(user: User, onFatal: (error: unknown) => boolean): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  let retryMs = firstRetryMs;

  const refresh = async () => {
    try {
      await user.getIdToken(true);
    } catch (error) {
      // Asked even when cancelled: on a disabled account or a revoked token the SDK signs out
      // before the failure reaches us, and that sign-out is what cancelled this schedule.
      if (onFatal(error) || cancelled) return;
      timer = globalThis.setTimeout(refresh, retryMs);
      retryMs = Math.min(retryMs * 2, maxRetryMs);
    }
  };

  user
    .getIdTokenResult()
    .then(({ expirationTime }) => {
      if (cancelled) return;
      const due = new Date(expirationTime).getTime() - refreshLeadMs - Date.now();
      timer = globalThis.setTimeout(refresh, Math.max(0, due));
    })
    .catch((error: unknown) => {
      if (!cancelled && !onFatal(error)) timer = globalThis.setTimeout(refresh, retryMs);
    });

  return () => {
    cancelled = true;
    globalThis.clearTimeout(timer);
  };
}

/**
 * Whether the account is verified but its ID token still says otherwise: a page reloaded right
 * after verifying can restore the token saved before the new one, and the API would refuse it.
 */
export async function tokenPredatesVerification(user: User): Promise<boolean> {
  if (!user.emailVerified) return false;
  const { claims } = await user.getIdTokenResult();
  return claims.email_verified !== true;
}
