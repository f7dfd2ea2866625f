import type { Lab } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getLab = (idOrSlug: string, signal?: AbortSignal): Promise<Lab> =>
  api.get(`/hacking-labs/${encodeURIComponent(idOrSlug)}`, { signal });

export const getLabQueryOptions = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['hacking-labs', 'detail', idOrSlug],
    queryFn: ({ signal }) => getLab(idOrSlug, signal),
    // A 404 will not turn into a lab on a second try.
    retry: false,
  });

export const useLab = (idOrSlug: string) => useQuery(getLabQueryOptions(idOrSlug));
