import type { Gradebook, GradebookSort } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface GradebookFilter {
  sort: GradebookSort;
  search: string;
  page: number;
  pageSize: number;
}

/** Sorted and searched by a trimmed name substring (the server ignores case), paged. */
export function gradebookSearchParams({ sort, search, page, pageSize }: GradebookFilter) {
  const params = new URLSearchParams({ sort });
  const name = search.trim();
  if (name) params.set('search', name);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params;
}

export const getGradebook = (
  classroomId: string,
  filter: GradebookFilter,
  signal?: AbortSignal,
): Promise<Gradebook> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/gradebook?${gradebookSearchParams(filter)}`,
    { signal },
  );

/**
 * Every page of a classroom's gradebook and its students' timelines live under this key, within
 * the classroom's own: whatever refreshes the classroom (a solve, a schedule, a hint) refreshes
 * its grades too.
 */
export const gradebookKey = (classroomId: string) =>
  ['classrooms', 'detail', classroomId, 'gradebook'] as const;

export const getGradebookQueryOptions = (classroomId: string, filter: GradebookFilter) =>
  queryOptions({
    queryKey: [
      ...gradebookKey(classroomId),
      'students',
      { ...filter, search: filter.search.trim().toLowerCase() },
    ],
    queryFn: ({ signal }) => getGradebook(classroomId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useGradebook = (classroomId: string, filter: GradebookFilter) =>
  useQuery(getGradebookQueryOptions(classroomId, filter));
