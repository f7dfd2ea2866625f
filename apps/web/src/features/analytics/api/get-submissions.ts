import { MEMBER_PAGE_SIZE, type Submission, type SubmissionList } from '@hackclass/contracts';
import { api } from '@/lib/api-client';
import { allPages } from './all-pages';

/** Pages asked for at once: a busy classroom has thousands of submissions. */
const PAGES_AT_ONCE = 4;

const getSubmissionsPage = (classroomId: string, page: number): Promise<SubmissionList> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/submissions?${new URLSearchParams({
      page: String(page),
      pageSize: String(MEMBER_PAGE_SIZE.max),
    })}`,
  );

/** Every submission of the classroom, newest first, a few pages at a time. */
export const getSubmissions = (classroomId: string): Promise<Submission[]> =>
  allPages((page) => getSubmissionsPage(classroomId, page), PAGES_AT_ONCE);
