const MINUTE_MS = 60_000;

/**
 * Counts each user's proxied requests in a minute from their first, in this process. Windows
 * that ended are forgotten once a minute. Replicas count apart: each bounds what its own
 * process takes.
 */
export function requestRate(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  let swept = now();
  return {
    /** Counts a request of `userId`: 0 when it may go, else the seconds until it may. */
    take(userId: string): number {
      const time = now();
      if (time - swept >= MINUTE_MS) {
        for (const [key, window] of windows) {
          if (time - window.start >= MINUTE_MS) windows.delete(key);
        }
        swept = time;
      }
      let window = windows.get(userId);
      if (!window || time - window.start >= MINUTE_MS) {
        window = { start: time, count: 0 };
        windows.set(userId, window);
      }
      if (window.count >= perMinute) return Math.ceil((window.start + MINUTE_MS - time) / 1000);
      window.count += 1;
      return 0;
    },
  };
}
