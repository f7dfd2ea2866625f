/** Why a request to a provider got no answer: the network's reason, not fetch's wrapper. */
export function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause ?? error) : error;
  return cause instanceof Error ? cause.message : String(cause);
}
