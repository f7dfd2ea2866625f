import type { ClassroomEvent, ClassroomEventType } from '@hackclass/contracts';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { coalescedRefetch } from './coalesced-refetch';
import { type EventStreamHandlers, useEventStream } from './event-stream';
import { invalidateAfterFetches } from './invalidate-after-fetches';
import type { EventTypes } from './known-event';

const CLASSROOM_EVENT_TYPES: EventTypes<ClassroomEvent> = {
  solve: true,
  members: true,
  labs: true,
  announcement: true,
};

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
    CLASSROOM_EVENT_TYPES,
    onEvent,
    onReconnect,
  );
}

/**
 * Refetches the queries each event type names, spread and merged (see `coalescedRefetch`), and
 * all of them at once after a break in the stream:
 * `useInvalidateOnClassroomEvents(id, { members: [rosterKey], labs: [labsKey], solve: [boardKey] })`.
 */
export function useInvalidateOnClassroomEvents(
  classroomId: string | undefined,
  keys: Partial<Record<ClassroomEventType, QueryKey[]>>,
): void {
  const queryClient = useQueryClient();
  const [refetcher] = useState(() =>
    coalescedRefetch((queryKeys) => {
      for (const queryKey of queryKeys) void invalidateAfterFetches(queryClient, queryKey);
    }),
  );
  useEffect(() => () => refetcher.cancel(), [refetcher]);
  useClassroomEvents(
    classroomId,
    (event) => refetcher.add(keys[event.type] ?? []),
    () => {
      for (const queryKey of Object.values(keys).flat()) {
        void invalidateAfterFetches(queryClient, queryKey);
      }
    },
  );
}
