import type { TargetEngine } from '@hackclass/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TARGETS_REFRESH_MS } from './get-classroom-targets';
import { targetKeys } from './keys';

export const getTargetEngine = (signal?: AbortSignal): Promise<TargetEngine> =>
  api.get('/target-engine', { signal });

/** Whether targets can start on this server, for admins; refreshed with the list of targets. */
export const useTargetEngine = () =>
  useQuery({
    queryKey: targetKeys.engine,
    queryFn: ({ signal }) => getTargetEngine(signal),
    refetchInterval: TARGETS_REFRESH_MS,
    staleTime: 0,
  });
