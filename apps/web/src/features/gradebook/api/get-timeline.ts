import { TIMELINE_PAGE_SIZE, type Timeline } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { gradebookKey } from './get-gradebook';

export const getTimeline = (
  classroomId: string,
  userId: string,
  page: number,
  signal?: AbortSignal,
): Promise<Timeline> =>
  api.get(
    `/classrooms/${encodeURIComponent(classroomId)}/members/${encodeURIComponent(userId)}/timeline?${new URLSearchParams(
      { page: String(page), pageSize: String(TIMELINE_PAGE_SIZE.default) },
    )}`,
    { signal },
  );

export const getTimelineQueryOptions = (classroomId: string, userId: string, page: number) =>
  queryOptions({
    queryKey: [...gradebookKey(classroomId), 'timeline', userId, page],
    queryFn: ({ signal }) => getTimeline(classroomId, userId, page, signal),
    placeholderData: keepPreviousData,
  });

/** A member's events, newest first; off while no member is chosen. */
export const useTimeline = (classroomId: string, userId: string | null, page: number) =>
  useQuery({
    ...getTimelineQueryOptions(classroomId, userId ?? '', page),
    enabled: userId !== null,
  });
