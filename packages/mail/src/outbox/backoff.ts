/** The longest wait between two attempts, however many came before. */
const MAX_DELAY_SECONDS = 60 * 60;

/** Seconds to wait after the `attempts`-th refusal: `retrySeconds`, doubled each time, at most an hour. */
export function retryDelaySeconds(attempts: number, retrySeconds: number): number {
  return Math.min(retrySeconds * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_SECONDS);
}
