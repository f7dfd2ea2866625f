import { type ClassroomTarget, isSettlingTargetState } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SETTLING_POLL_MS } from './get-target';
import { targetKeys } from './keys';

/** The Targets views refresh on their own: students start and stop targets all the time. */
export const TARGETS_REFRESH_MS = 10_000;

/** Sooner while a target starts or stops, so that it shows running, or goes, when it does. */
const refreshMs = ({ state }: { state: { data?: ClassroomTarget[] | undefined } }) =>
  state.data?.some((target) => isSettlingTargetState(target.state))
    ? SETTLING_POLL_MS
    : TARGETS_REFRESH_MS;

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
    refetchInterval: refreshMs,
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
    refetchInterval: refreshMs,
    staleTime: 0,
  });

export const useAllTargets = () => useQuery(getAllTargetsQueryOptions());
