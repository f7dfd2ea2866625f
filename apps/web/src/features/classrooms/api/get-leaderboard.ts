import type { Leaderboard } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';

export interface LeaderboardPage {
  page: number;
  pageSize: number;
}

export const LEADERBOARD_PAGE_SIZES = [10, 20, 50] as const;

/** The page a classroom's overview opens on. */
export const firstLeaderboardPage: LeaderboardPage = {
  page: 1,
  pageSize: LEADERBOARD_PAGE_SIZES[0],
};

export const leaderboardPath = (classroomId: string, { page, pageSize }: LeaderboardPage) =>
  `/classrooms/${encodeURIComponent(classroomId)}/leaderboard?${new URLSearchParams({
    page: String(page),
    pageSize: String(pageSize),
  })}`;

export const getLeaderboard = (
  classroomId: string,
  paging: LeaderboardPage,
  signal?: AbortSignal,
): Promise<Leaderboard> => api.get(leaderboardPath(classroomId, paging), { signal });

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
