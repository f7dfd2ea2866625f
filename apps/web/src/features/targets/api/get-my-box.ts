import { isSettlingTargetState, type MyAttackBox } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

export const getMyBox = (signal?: AbortSignal): Promise<MyAttackBox> =>
  api.get('/users/me/box', { signal });

/** How often a box that starts or stops is asked after. */
const SETTLING_MS = 1_500;
/** How often the server is asked again while no box can start: its engine may answer again. */
const UNAVAILABLE_MS = 10_000;

/**
 * How often the caller's box is asked after: often while it starts or stops, now and then while
 * none can start (an engine too busy to answer for a moment must not leave the Start button
 * away until a reload), else not at all.
 */
export function myBoxRefreshMs(data: MyAttackBox | undefined): number | false {
  if (isSettlingTargetState(data?.box?.state)) return SETTLING_MS;
  if (data && !data.available) return UNAVAILABLE_MS;
  return false;
}

/** The caller's attack box: the active one, else the latest, else none. */
export const getMyBoxQueryOptions = () =>
  queryOptions({
    queryKey: targetKeys.box(),
    queryFn: ({ signal }) => getMyBox(signal),
    staleTime: 0,
  });

export const useMyBox = () =>
  useQuery({
    ...getMyBoxQueryOptions(),
    refetchInterval: (query) => myBoxRefreshMs(query.state.data),
  });
