import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Invalidates the queries under `queryKey`, refetching the open ones, once each fetch of them
 * under way has settled rather than by cancelling it, as `invalidateQueries` alone does: a
 * cancelled "Load more" of a paged list was lost, the button pressed and no older item shown.
 * The fetch under way may have read before the change that asked for this, hence the refetch.
 */
export async function invalidateAfterFetches(
  queryClient: QueryClient,
  queryKey: QueryKey,
): Promise<void> {
  const underWay = queryClient
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: 'fetching' })
    .map((query) => query.promise);
  await Promise.allSettled(underWay);
  await queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
}
