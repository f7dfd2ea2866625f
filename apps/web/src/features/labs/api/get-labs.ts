import type { LabSummary } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getLabs = (signal?: AbortSignal): Promise<LabSummary[]> =>
  api.get('/hacking-labs', { signal });

/** The labs the caller may see: all for admins, their own for teachers, their classrooms' else. */
export const getLabsQueryOptions = () =>
  queryOptions({ queryKey: ['hacking-labs', 'list'], queryFn: ({ signal }) => getLabs(signal) });

export const useLabs = () => useQuery(getLabsQueryOptions());
