import { MEMBER_PAGE_SIZE, type MemberList, type MemberListItem } from '@hackclass/contracts';
import { api } from '@/lib/api-client';
import { allPages } from './all-pages';

const getRosterPage = (classroomId: string, page: number): Promise<MemberList> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/members?${new URLSearchParams({
      page: String(page),
      pageSize: String(MEMBER_PAGE_SIZE.max),
    })}`,
  );

/** Every member in every status. */
export const getRoster = (classroomId: string): Promise<MemberListItem[]> =>
  allPages((page) => getRosterPage(classroomId, page));
