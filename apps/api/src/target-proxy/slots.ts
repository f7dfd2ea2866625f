/** How many of something each user, and each target, may hold open at once. */
export interface SlotLimits {
  perUser: number;
  perTarget?: number;
}

/**
 * Counts what users hold open on targets (tunnels, requests waiting for an answer) and refuses
 * past the limits. A slot is taken before the connection is made, so a burst of concurrent
 * attempts cannot all pass the check before any of them is counted.
 */
export function openSlots({ perUser, perTarget = Number.POSITIVE_INFINITY }: SlotLimits) {
  const byUser = new Map<string, number>();
  const byTarget = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };

  return {
    /**
     * A slot of `userId` on `targetId`, as the function that gives it back (once, however often
     * it is called), or undefined when the user or the target holds all theirs.
     */
    take(userId: string, targetId: string): (() => void) | undefined {
      if ((byUser.get(userId) ?? 0) >= perUser || (byTarget.get(targetId) ?? 0) >= perTarget) {
        return undefined;
      }
      add(byUser, userId, 1);
      add(byTarget, targetId, 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        add(byUser, userId, -1);
        add(byTarget, targetId, -1);
      };
    },
  };
}

export type OpenSlots = ReturnType<typeof openSlots>;
