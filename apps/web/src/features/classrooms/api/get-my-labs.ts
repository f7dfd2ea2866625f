import type { LabSummary } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getMyLabs = (signal?: AbortSignal): Promise<LabSummary[]> =>
  api.get('/hacking-labs', { signal });

/** The caller's labs: what they may add to a classroom. */
export const getMyLabsQueryOptions = () =>
  queryOptions({
    queryKey: ['hacking-labs', 'list', 'for-classroom'],
    queryFn: ({ signal }) => getMyLabs(signal),
  });

export const useMyLabs = (enabled = true) => useQuery({ ...getMyLabsQueryOptions(), enabled });
