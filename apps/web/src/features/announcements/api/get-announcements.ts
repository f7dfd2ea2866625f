import type { AnnouncementList } from '@hackclass/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Announcements shown at first and added by each "Load more". */
const PAGE_SIZE = 5;

export const announcementsPath = (classroomId: string, page: number) =>
  `/classrooms/${encodeURIComponent(classroomId)}/announcements?page=${page}&pageSize=${PAGE_SIZE}`;

export const getAnnouncements = (
  classroomId: string,
  page: number,
  signal?: AbortSignal,
): Promise<AnnouncementList> => api.get(announcementsPath(classroomId, page), { signal });

export const getAnnouncementsQueryOptions = (classroomId: string) =>
  infiniteQueryOptions({
    queryKey: ['announcements', classroomId],
    queryFn: ({ pageParam, signal }) => getAnnouncements(classroomId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pageCount ? last.page + 1 : undefined),
  });

/** The classroom's announcements, newest first, a page more at each `fetchNextPage`. */
export const useAnnouncements = (classroomId: string) =>
  useInfiniteQuery(getAnnouncementsQueryOptions(classroomId));
