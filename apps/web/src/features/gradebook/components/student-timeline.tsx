import type { TimelineEvent } from '@hackclass/contracts';
import { Badge, Drawer, Group, Pagination, Stack, Text, Timeline } from '@mantine/core';
import { IconBulb, IconFlag, IconTrophy, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { formatDateTime } from '@/lib/format-date-time';
import { useTimeline } from '../api/get-timeline';

function EventLine({ event }: { event: TimelineEvent }) {
  if (event.kind === 'solve') {
    return (
      <Group gap="xs">
        <Text size="sm">
          Solved <b>{event.labName}</b>: {event.points} points
        </Text>
        {event.late && (
          <Badge size="xs" color="orange" variant="light">
            Late
          </Badge>
        )}
      </Group>
    );
  }
  if (event.kind === 'hint') {
    return (
      <Text size="sm">
        Unlocked hint {event.hintNumber} of <b>{event.labName}</b>
        {event.cost > 0 ? ` (−${event.cost} points)` : ' (free)'}
      </Text>
    );
  }
  return (
    <Group gap="xs">
      <Text size="sm">
        {event.correct ? 'Right' : 'Wrong'} flag for <b>{event.labName}</b>
      </Text>
      {event.sharedFlagOwner && (
        <Badge size="xs" color="red" variant="light">
          {event.sharedFlagOwner.name}’s flag: shared?
        </Badge>
      )}
    </Group>
  );
}

const bullets = {
  solve: <IconTrophy size={14} aria-hidden />,
  hint: <IconBulb size={14} aria-hidden />,
  right: <IconFlag size={14} aria-hidden />,
  wrong: <IconX size={14} aria-hidden />,
};

const bulletOf = (event: TimelineEvent) =>
  event.kind === 'submission' ? bullets[event.correct ? 'right' : 'wrong'] : bullets[event.kind];

interface StudentTimelineProps {
  classroomId: string;
  /** The student shown; null closes the drawer. */
  student: { userId: string; name: string } | null;
  onClose: () => void;
}

/** A student's flags, hints and solves in the classroom, newest first, in a side drawer. */
export function StudentTimeline({ classroomId, student, onClose }: StudentTimelineProps) {
  const [page, setPage] = useState(1);
  const timeline = useTimeline(classroomId, student?.userId ?? null, page);
  const events = timeline.data?.events;
  return (
    <Drawer
      opened={student !== null}
      onClose={() => {
        onClose();
        setPage(1);
      }}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close timeline' }}
      title={<Text fw={600}>{student ? `${student.name}: timeline` : 'Timeline'}</Text>}
    >
      {timeline.isPending ? (
        <ListSkeleton label="Loading the timeline" rows={5} rowHeight={40} />
      ) : timeline.isError ? (
        <ListError message="Could not load the timeline." onRetry={() => void timeline.refetch()} />
      ) : events === undefined || events.items.length === 0 ? (
        <EmptyState icon={<IconFlag size={24} />} title="Nothing yet">
          No flags sent, hints unlocked or labs solved in this classroom.
        </EmptyState>
      ) : (
        <Stack gap="md" style={{ opacity: timeline.isPlaceholderData ? 0.6 : 1 }}>
          <Timeline bulletSize={24} lineWidth={2}>
            {events.items.map((event) => (
              <Timeline.Item
                key={`${event.kind}-${event.labId}-${event.at}`}
                bullet={bulletOf(event)}
                color={event.kind === 'submission' && !event.correct ? 'red' : undefined}
              >
                <EventLine event={event} />
                <Text size="xs" c="dimmed">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {events.pageCount > 1 && (
            <Pagination
              total={events.pageCount}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
              })}
            />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
