import {
  type ClassroomEvent,
  type ClassroomEventType,
  classroomEventSchema,
} from '@hackclass/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type EventStreamHandlers, useEventStream } from './event-stream';

/**
 * Calls `onEvent` for each change of the classroom while the component is mounted (and
 * `classroomId` is set); `onReconnect` after a break in the stream. The handlers may change
 * between renders without reopening the stream.
 */
export function useClassroomEvents(
  classroomId: string | undefined,
  onEvent: EventStreamHandlers<ClassroomEvent>['onEvent'],
  onReconnect?: EventStreamHandlers<ClassroomEvent>['onReconnect'],
): void {
  useEventStream(
    classroomId && `/classrooms/${classroomId}/events`,
    classroomEventSchema,
    onEvent,
    onReconnect,
  );
}

/**
 * Refetches the queries each event type names, and all of them after a break in the stream:
 * `useInvalidateOnClassroomEvents(id, { members: [rosterKey], labs: [labsKey], solve: [boardKey] })`.
 */
export function useInvalidateOnClassroomEvents(
  classroomId: string | undefined,
  keys: Partial<Record<ClassroomEventType, QueryKey[]>>,
): void {
  const queryClient = useQueryClient();
  const invalidate = (queryKeys: QueryKey[]) => {
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  };
  useClassroomEvents(
    classroomId,
    (event) => invalidate(keys[event.type] ?? []),
    () => invalidate(Object.values(keys).flat()),
  );
}
