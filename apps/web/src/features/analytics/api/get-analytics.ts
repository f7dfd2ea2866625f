import type { ClassroomAnalytics } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getAnalytics = (
  classroomId: string,
  signal?: AbortSignal,
): Promise<ClassroomAnalytics> =>
  api.get(`/classrooms/${encodeURIComponent(classroomId)}/analytics`, {
    signal,
  });

/** Under the classroom's key, so that a membership or lab change there marks it stale too. */
export const getAnalyticsQueryOptions = (classroomId: string) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', classroomId, 'analytics'],
    queryFn: ({ signal }) => getAnalytics(classroomId, signal),
  });

export const useAnalytics = (classroomId: string) =>
  useQuery(getAnalyticsQueryOptions(classroomId));
