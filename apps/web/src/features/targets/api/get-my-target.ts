import type { MyTarget } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

export const myTargetPath = (classroomId: string, labId: string) =>
  `/classrooms/${encodeURIComponent(classroomId)}/labs/${encodeURIComponent(labId)}/target`;

export const getMyTarget = (
  classroomId: string,
  labId: string,
  signal?: AbortSignal,
): Promise<MyTarget> => api.get(myTargetPath(classroomId, labId), { signal });

/** The caller's target for a lab of a classroom: the active one, else the latest, else none. */
export const getMyTargetQueryOptions = (classroomId: string, labId: string) =>
  queryOptions({
    queryKey: targetKeys.mine(classroomId, labId),
    queryFn: ({ signal }) => getMyTarget(classroomId, labId, signal),
    // Started, expired or stopped by a teacher elsewhere: every visit asks again.
    staleTime: 0,
  });

/** The engine's return is not announced: while `waitForEngine`, a missing one is asked after. */
const ENGINE_RECHECK_MS = 30_000;

export const useMyTarget = (classroomId: string, labId: string, waitForEngine = false) =>
  useQuery({
    ...getMyTargetQueryOptions(classroomId, labId),
    refetchInterval: (query) =>
      waitForEngine && query.state.data?.engineAvailable === false ? ENGINE_RECHECK_MS : false,
  });
