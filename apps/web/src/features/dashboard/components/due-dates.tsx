import type { UserActivity } from '@hackclass/contracts';
import { Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { EmptyState } from '@/components/feedback/list-states';
import { StateBadge } from '@/components/feedback/state-badge';
import { dueStateOf } from '@/lib/due-date';
import { formatDateTime } from '@/lib/format-date-time';
import { formatRelativeTime } from '@/lib/relative-time';
import { LabRows } from './lab-rows';

type DueDate = UserActivity['dueDates'][number];

function DueState({ due }: { due: DueDate }) {
  const state = dueStateOf(due.dueAt);
  if (state === 'late') {
    return <StateBadge tone="red">Late · earns {due.latePercent}%</StateBadge>;
  }
  if (state === 'soon') {
    return <StateBadge tone="yellow">Due soon</StateBadge>;
  }
  return null;
}

/** The labs the user still has to solve by a date, soonest first: late ones lead. */
export function DueDates({ dueDates }: { dueDates: DueDate[] }) {
  if (dueDates.length === 0) {
    return (
      <EmptyState icon={<IconCalendarCheck size={24} />} title="Nothing due">
        When your teachers set due dates on labs you have not solved yet, they show up here.
      </EmptyState>
    );
  }
  return (
    <LabRows
      label="Due dates"
      rows={dueDates}
      aside={(due) => (
        <>
          <DueState due={due} />
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            <time dateTime={due.dueAt} title={formatDateTime(due.dueAt)}>
              Due {formatRelativeTime(due.dueAt)}
            </time>
          </Text>
        </>
      )}
    />
  );
}
