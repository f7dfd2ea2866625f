import {
  MEMBER_PAGE_SIZE,
  type MemberList,
  type MemberListItem,
  memberListSchema,
} from '@hackclass/contracts';
import { api } from '@/lib/api-client';

const getRosterPage = (classroomId: string, page: number): Promise<MemberList> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/members?${new URLSearchParams({
      page: String(page),
      pageSize: String(MEMBER_PAGE_SIZE.max),
    })}`,
    { schema: memberListSchema },
  );

/** Every member in every status: the first page says how many more pages to ask for at once. */
export async function getRoster(classroomId: string): Promise<MemberListItem[]> {
  const first = await getRosterPage(classroomId, 1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.pageCount - 1) }, (_, index) =>
      getRosterPage(classroomId, index + 2),
    ),
  );
  return [first, ...rest].flatMap((list) => list.items);
}
