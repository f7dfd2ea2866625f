import type { User } from 'firebase/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstRetryMs, maxRetryMs, refreshLeadMs, scheduleTokenRefresh } from './token-refresh';

const hour = 60 * 60_000;

/** A user whose token expires in an hour and whose refreshes fail `failures` times. */
function fakeUser(failures: unknown[] = []) {
  const getIdToken = vi.fn(async () => {
    const failure = failures.shift();
    if (failure) throw failure;
    return 'token';
  });
  const expirationTime = new Date(Date.now() + hour).toUTCString();
  const user = { getIdToken, getIdTokenResult: async () => ({ expirationTime }) };
  return { user: user as unknown as User, getIdToken };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('scheduleTokenRefresh', () => {
  it('refreshes 5 minutes before the token expires, and not earlier', async () => {
    const { user, getIdToken } = fakeUser();
    scheduleTokenRefresh(user, () => false);
    await vi.advanceTimersByTimeAsync(hour - refreshLeadMs - 1_000);
    expect(getIdToken).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(getIdToken).toHaveBeenCalledWith(true);
  });

  it('retries after errors from 30 s, doubling up to 16 minutes', async () => {
    const failures = Array.from({ length: 8 }, () => new Error('offline'));
    const { user, getIdToken } = fakeUser(failures);
    scheduleTokenRefresh(user, () => false);
    await vi.advanceTimersByTimeAsync(hour - refreshLeadMs);
    expect(getIdToken).toHaveBeenCalledTimes(1);

    const waits = [30, 60, 120, 240, 480, 960, 960].map((seconds) => seconds * 1000);
    expect(waits[0]).toBe(firstRetryMs);
    expect(Math.max(...waits)).toBe(maxRetryMs);
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(getIdToken).toHaveBeenCalledTimes(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(getIdToken).toHaveBeenCalledTimes(index + 2);
    }
  });

  it('stops retrying when the failure ends the session', async () => {
    const { user, getIdToken } = fakeUser([new Error('auth/user-disabled')]);
    const onFatal = vi.fn(() => true);
    scheduleTokenRefresh(user, onFatal);
    await vi.advanceTimersByTimeAsync(hour);
    expect(onFatal).toHaveBeenCalledTimes(1);
    expect(getIdToken).toHaveBeenCalledTimes(1);
  });

  it('still reports a fatal failure whose sign-out cancelled the schedule', async () => {
    const failure = new Error('auth/user-disabled');
    const { user, getIdToken } = fakeUser();
    const onFatal = vi.fn(() => true);
    // As the SDK does: it signs the user out (which cancels) before the refresh rejects.
    getIdToken.mockImplementationOnce(async () => {
      cancel();
      throw failure;
    });
    const cancel = scheduleTokenRefresh(user, onFatal);
    await vi.advanceTimersByTimeAsync(hour);
    expect(onFatal).toHaveBeenCalledWith(failure);
  });

  it('does nothing once cancelled', async () => {
    const { user, getIdToken } = fakeUser();
    const cancel = scheduleTokenRefresh(user, () => false);
    await vi.advanceTimersByTimeAsync(1_000);
    cancel();
    await vi.advanceTimersByTimeAsync(hour);
    expect(getIdToken).not.toHaveBeenCalled();
  });
});
