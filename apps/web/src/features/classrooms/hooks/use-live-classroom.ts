import { useQuery } from '@tanstack/react-query';
import { useInvalidateOnClassroomEvents } from '@/lib/classroom-events';
import { getClassroomQueryOptions } from '../api/get-classroom';
import { useRefetchAt } from './use-refetch-at';

/**
 * Keeps an open classroom page current: its detail holds the leaderboard's points, the labs'
 * solve counts and the roster, so every kind of event refetches it; and a scheduled lab
 * appears when it opens.
 */
export function useLiveClassroom(classroomId: string) {
  const options = getClassroomQueryOptions(classroomId);
  const detail = options.queryKey;
  useInvalidateOnClassroomEvents(classroomId, {
    solve: [detail],
    members: [detail],
    labs: [detail],
  });
  const classroom = useQuery(options);
  useRefetchAt(detail, classroom.data?.nextLabOpensAt);
}
