import { isSettlingTargetState, type Target } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

/** While a target starts or stops, its state is asked for this often. */
export const SETTLING_POLL_MS = 1500;
/** While it runs, now and then: it may expire, or a teacher may stop it. */
const RUNNING_POLL_MS = 20_000;

export const getTarget = (targetId: string, signal?: AbortSignal): Promise<Target> =>
  api.get(`/targets/${encodeURIComponent(targetId)}`, { signal });

/**
 * One target, starting from what the page already knows of it (`known`), asked for again every
 * 1.5 s while it starts or stops.
 */
export const getTargetQueryOptions = (known: Target) =>
  queryOptions({
    queryKey: targetKeys.detail(known.id),
    queryFn: ({ signal }) => getTarget(known.id, signal),
    initialData: known,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      if (isSettlingTargetState(state)) return SETTLING_POLL_MS;
      return state === 'running' ? RUNNING_POLL_MS : false;
    },
  });

export const useTarget = (known: Target) => useQuery(getTargetQueryOptions(known));
