import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** setTimeout's longest wait (almost 25 days): a page open that long refetches in the meantime. */
const MAX_DELAY_MS = 2_147_483_647;

/** Refetches the query once `iso` (an instant to come) is reached, e.g. when a lab opens. */
export function useRefetchAt(queryKey: QueryKey, iso: string | null | undefined) {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `queryKey`.
  useEffect(() => {
    if (!iso) return;
    const wait = new Date(iso).getTime() - Date.now();
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey }),
      Math.min(Math.max(wait, 0) + 1_000, MAX_DELAY_MS),
    );
    return () => clearTimeout(timer);
  }, [iso, key, queryClient]);
}
