import { hashKey, type QueryKey } from '@tanstack/react-query';

/** The longest an open page waits, after a classroom event, before it refetches. */
export const REFETCH_SPREAD_MS = 2_000;

/**
 * Gathers the query keys that events name and refetches them together once, after a delay
 * drawn evenly below `spreadMs`; events meanwhile join the same refetch. In a class of thirty,
 * each solve has every open page of the classroom refetch it: at once, thirty requests land in
 * the same instant, and a busy lesson sends one such wave per solve. Spread and merged, the
 * waves become a steady trickle of fewer requests, at the cost of a second or two of delay for
 * what others did (one's own changes refetch at once, from their mutations).
 */
export function coalescedRefetch(
  refetch: (keys: QueryKey[]) => void,
  spreadMs = REFETCH_SPREAD_MS,
  random = Math.random,
) {
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...pending.values()];
    pending.clear();
    refetch(keys);
  };
  return {
    add(keys: QueryKey[]): void {
      for (const key of keys) pending.set(hashKey(key), key);
      if (pending.size > 0) timer ??= setTimeout(flush, random() * spreadMs);
    },
    /** Drops what is pending: the page is gone. */
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
      pending.clear();
    },
  };
}
