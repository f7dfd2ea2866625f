import { ProtocolError } from '../protocol/errors';

interface LaneSize {
  /** Hashes running at once. */
  slots: number;
  /** Hashes waiting for a slot; one more is refused with TOO_MANY_ATTEMPTS_TRY_LATER. */
  queue: number;
}

/**
 * scrypt runs on libuv's thread pool, four threads unless UV_THREADPOOL_SIZE says otherwise,
 * and takes a core for a quarter of a second. Unbounded, a flood of sign-ups fills the pool and
 * the queue behind it, and every sign-in waits behind the flood. So hashes go through two lanes
 * that together never ask for more than the pool: sign-in keeps three slots of its own, and
 * new passwords (sign-up, password change, reset) share one, with a queue long enough for a
 * classroom signing up at once (32 × 0.25 s: the last waits about 8 s, well inside the SDK's
 * 30 s timeout). Beyond that queue a new password is refused, never a sign-in slowed.
 */
export const HASHING_LANES = {
  signIn: { slots: 3, queue: 256 },
  newPassword: { slots: 1, queue: 32 },
} as const satisfies Record<string, LaneSize>;

function lane({ slots, queue }: LaneSize, refusal: string) {
  let running = 0;
  const waiting: Array<() => void> = [];
  const refuse = () => new ProtocolError('TOO_MANY_ATTEMPTS_TRY_LATER', refusal);
  return {
    /**
     * Refuses at once when the lane is full, so that a flood is turned away before it costs
     * any other work (a database query is work on the event loop too).
     */
    checkRoom(): void {
      if (running >= slots && waiting.length >= queue) throw refuse();
    },
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else if (waiting.length >= queue) throw refuse();
      // The slot is handed over by the task that frees it, so `running` stays counted.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

export type HashingGate = ReturnType<typeof createHashingGate>;

/** One per process: it shares out this process's thread pool. */
export function createHashingGate(
  lanes: Record<keyof typeof HASHING_LANES, LaneSize> = HASHING_LANES,
) {
  return {
    /** Checking a password at sign-in (and re-hashing it there when the parameters rose). */
    signIn: lane(lanes.signIn, 'Too many sign-ins at once; try again in a moment'),
    /** Hashing a password chosen at sign-up, password change or reset. */
    newPassword: lane(lanes.newPassword, 'Too many new passwords at once; try again in a moment'),
  };
}
