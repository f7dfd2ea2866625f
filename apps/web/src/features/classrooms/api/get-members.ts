import type { MemberList, MemberStatus } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';

export interface MemberFilter {
  status: MemberStatus[];
  search: string;
  page: number;
  pageSize: number;
}

/** Filtered by statuses and a trimmed name substring (the server ignores case), paged. */
export function memberSearchParams({ status, search, page, pageSize }: MemberFilter) {
  const params = new URLSearchParams();
  for (const value of status) params.append('status', value);
  const name = search.trim();
  if (name) params.set('search', name);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return params;
}

export const getMembers = (
  classroomId: string,
  filter: MemberFilter,
  signal?: AbortSignal,
): Promise<MemberList> =>
  api.get(`/classrooms/${encodeURIComponent(classroomId)}/members?${memberSearchParams(filter)}`, {
    signal,
  });

export const getMembersQueryOptions = (classroomId: string, filter: MemberFilter) =>
  queryOptions({
    queryKey: [
      ...getClassroomQueryOptions(classroomId).queryKey,
      'members',
      { ...filter, search: filter.search.trim().toLowerCase() },
    ],
    queryFn: ({ signal }) => getMembers(classroomId, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useMembers = (classroomId: string, filter: MemberFilter) =>
  useQuery(getMembersQueryOptions(classroomId, filter));
