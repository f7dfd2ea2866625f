import type { QueryClient } from '@tanstack/react-query';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

/** A membership changed: the lists, the classroom, its members and leaderboard are stale. */
export const invalidateMembership = (queryClient: QueryClient, classroomId?: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
    classroomId
      ? queryClient.invalidateQueries({ queryKey: getClassroomQueryOptions(classroomId).queryKey })
      : undefined,
  ]);
