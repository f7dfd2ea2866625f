import type { HintUnlockList } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface HintUnlockFilter {
  labId: string;
  page: number;
  pageSize: number;
}

export const getHintUnlocks = (
  classroomId: string,
  { labId, page, pageSize }: HintUnlockFilter,
  signal?: AbortSignal,
): Promise<HintUnlockList> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/hint-unlocks?${new URLSearchParams({
      labId,
      page: String(page),
      pageSize: String(pageSize),
    })}`,
    { signal },
  );

/** Under the classroom's key: its live events refresh the list with the rest of it. */
export const getHintUnlocksQueryOptions = (classroomId: string, filter: HintUnlockFilter) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', classroomId, 'hint-unlocks', filter],
    queryFn: ({ signal }) => getHintUnlocks(classroomId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useHintUnlocks = (classroomId: string, filter: HintUnlockFilter) =>
  useQuery(getHintUnlocksQueryOptions(classroomId, filter));
