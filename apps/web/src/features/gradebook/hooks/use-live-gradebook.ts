import { useInvalidateOnClassroomEvents } from '@/lib/classroom-events';
import { gradebookKey } from '../api/get-gradebook';

/** Refetches the open gradebook and timeline when solves, labs or members change. */
export function useLiveGradebook(classroomId: string) {
  const key = [...gradebookKey(classroomId)];
  useInvalidateOnClassroomEvents(classroomId, { solve: [key], labs: [key], members: [key] });
}
