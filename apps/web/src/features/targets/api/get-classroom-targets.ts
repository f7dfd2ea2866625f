import type { ClassroomTarget } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

/** The Targets views refresh on their own: students start and stop targets all the time. */
export const TARGETS_REFRESH_MS = 10_000;

export const getClassroomTargets = (
  classroomId: string,
  signal?: AbortSignal,
): Promise<ClassroomTarget[]> =>
  api.get(`/classrooms/${encodeURIComponent(classroomId)}/targets`, {
    signal,
  });

/** A classroom's active targets, for its managers. */
export const getClassroomTargetsQueryOptions = (classroomId: string) =>
  queryOptions({
    queryKey: targetKeys.classroom(classroomId),
    queryFn: ({ signal }) => getClassroomTargets(classroomId, signal),
    refetchInterval: TARGETS_REFRESH_MS,
    staleTime: 0,
  });

export const useClassroomTargets = (classroomId: string) =>
  useQuery(getClassroomTargetsQueryOptions(classroomId));

export const getAllTargets = (signal?: AbortSignal): Promise<ClassroomTarget[]> =>
  api.get('/targets', { signal });

/** Every active target of the deployment, for admins. */
export const getAllTargetsQueryOptions = () =>
  queryOptions({
    queryKey: targetKeys.everyone,
    queryFn: ({ signal }) => getAllTargets(signal),
    refetchInterval: TARGETS_REFRESH_MS,
    staleTime: 0,
  });

export const useAllTargets = () => useQuery(getAllTargetsQueryOptions());
