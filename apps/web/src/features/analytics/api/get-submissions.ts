import {
  MEMBER_PAGE_SIZE,
  type Submission,
  type SubmissionList,
  submissionListSchema,
} from '@hackclass/contracts';
import { api } from '@/lib/api-client';

/** Pages asked for at once: a busy classroom has thousands of submissions. */
const PAGES_AT_ONCE = 4;

const getSubmissionsPage = (classroomId: string, page: number): Promise<SubmissionList> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/submissions?${new URLSearchParams({
      page: String(page),
      pageSize: String(MEMBER_PAGE_SIZE.max),
    })}`,
    { schema: submissionListSchema },
  );

/** Every submission of the classroom, newest first, a few pages at a time. */
export async function getSubmissions(classroomId: string): Promise<Submission[]> {
  const first = await getSubmissionsPage(classroomId, 1);
  const pages = [first];
  for (let next = 2; next <= first.pageCount; next += PAGES_AT_ONCE) {
    const batch = Array.from(
      { length: Math.min(PAGES_AT_ONCE, first.pageCount - next + 1) },
      (_, index) => getSubmissionsPage(classroomId, next + index),
    );
    pages.push(...(await Promise.all(batch)));
  }
  return pages.flatMap((page) => page.items);
}
