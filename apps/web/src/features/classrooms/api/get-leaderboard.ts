import type { Leaderboard } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';

export interface LeaderboardPage {
  page: number;
  pageSize: number;
}

export const getLeaderboard = (
  classroomId: string,
  { page, pageSize }: LeaderboardPage,
  signal?: AbortSignal,
): Promise<Leaderboard> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/leaderboard?${new URLSearchParams({
      page: String(page),
      pageSize: String(pageSize),
    })}`,
    { signal },
  );

/**
 * Under the classroom's key: whatever refetches the classroom (its live events, a flag solved, a
 * membership changed) refetches the board's pages with it.
 */
export const getLeaderboardQueryOptions = (classroomId: string, paging: LeaderboardPage) =>
  queryOptions({
    queryKey: [...getClassroomQueryOptions(classroomId).queryKey, 'leaderboard', paging],
    queryFn: ({ signal }) => getLeaderboard(classroomId, paging, signal),
    placeholderData: keepPreviousData,
  });

export const useLeaderboard = (classroomId: string, paging: LeaderboardPage) =>
  useQuery(getLeaderboardQueryOptions(classroomId, paging));
