import type { UserActivity } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const activityPath = '/users/me/activity';

export const getActivity = (signal?: AbortSignal): Promise<UserActivity> =>
  api.get(activityPath, { signal });

/**
 * Under the `classrooms` list key, so that joining, leaving or an approval marks it stale too.
 * Solves and submissions happen elsewhere, by others: every visit asks again.
 */
export const getActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['classrooms', 'list', 'activity'],
    queryFn: ({ signal }) => getActivity(signal),
    staleTime: 0,
  });

export const useActivity = () => useQuery(getActivityQueryOptions());
