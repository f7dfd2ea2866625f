import { useInvalidateOnClassroomEvents } from '@/lib/classroom-events';
import { getClassroomQueryOptions } from '../api/get-classroom';

/**
 * Keeps an open classroom page current: its detail holds the leaderboard's points, the labs'
 * solve counts and the roster, so every kind of event refetches it.
 */
export function useLiveClassroom(classroomId: string) {
  const detail = getClassroomQueryOptions(classroomId).queryKey;
  useInvalidateOnClassroomEvents(classroomId, {
    solve: [detail],
    members: [detail],
    labs: [detail],
  });
}
