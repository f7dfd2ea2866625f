import {
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
} from '@hackclass/contracts';
import { api } from '@/lib/api-client';
import { allPages } from './all-pages';

const getLeaderboardPage = (classroomId: string, page: number): Promise<Leaderboard> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/leaderboard?${new URLSearchParams({
      page: String(page),
      pageSize: String(LEADERBOARD_PAGE_SIZE.max),
    })}`,
  );

/** The whole board. */
export const getLeaderboard = (classroomId: string): Promise<LeaderboardEntry[]> =>
  allPages((page) => getLeaderboardPage(classroomId, page));
