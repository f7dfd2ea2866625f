import {
  LEADERBOARD_PAGE_SIZE,
  type Leaderboard,
  type LeaderboardEntry,
  leaderboardSchema,
} from '@hackclass/contracts';
import { api } from '@/lib/api-client';

const getLeaderboardPage = (classroomId: string, page: number): Promise<Leaderboard> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/leaderboard?${new URLSearchParams({
      page: String(page),
      pageSize: String(LEADERBOARD_PAGE_SIZE.max),
    })}`,
    { schema: leaderboardSchema },
  );

/** The whole board: the first page says how many more pages to ask for at once. */
export async function getLeaderboard(classroomId: string): Promise<LeaderboardEntry[]> {
  const first = await getLeaderboardPage(classroomId, 1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, index) =>
      getLeaderboardPage(classroomId, index + 2),
    ),
  );
  return [first, ...rest].flatMap((board) => board.items);
}
