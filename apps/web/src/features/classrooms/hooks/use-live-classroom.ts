import type { ClassroomEventType } from '@hackclass/contracts';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useInvalidateOnClassroomEvents } from '@/lib/classroom-events';
import { getClassroomQueryOptions } from '../api/get-classroom';
import { useRefetchAt } from './use-refetch-at';

/**
 * Keeps an open classroom page current: its detail holds the labs' solve counts and first
 * solvers, and under its key live the leaderboard's and the roster's pages, so every kind of
 * event refetches them all, and a scheduled lab appears when it opens. `also` names the page's other queries (of other features) each event refetches,
 * on the same stream.
 */
export function useLiveClassroom(
  classroomId: string,
  also: Partial<Record<ClassroomEventType, QueryKey[]>> = {},
) {
  const options = getClassroomQueryOptions(classroomId);
  const detail = options.queryKey;
  useInvalidateOnClassroomEvents(classroomId, {
    ...also,
    solve: [detail, ...(also.solve ?? [])],
    members: [detail, ...(also.members ?? [])],
    labs: [detail, ...(also.labs ?? [])],
  });
  const classroom = useQuery(options);
  useRefetchAt(detail, classroom.data?.nextLabOpensAt);
}
