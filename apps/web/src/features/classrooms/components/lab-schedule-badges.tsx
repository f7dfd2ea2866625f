import type { ClassroomLab } from '@hackclass/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { IconCalendarClock, IconClockExclamation, IconLock } from '@tabler/icons-react';
import { StateBadge } from '@/components/feedback/state-badge';
import { dueStateOf } from '@/lib/due-date';
import { formatDateTime } from '@/lib/format-date-time';
import { formatRelativeTime } from '@/lib/relative-time';

/** Names as a sentence lists them: "A", "A and B", "A, B and C". */
const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

const lateCredit = (percent: number) =>
  percent === 100
    ? 'late solves earn full points'
    : percent === 0
      ? 'late solves earn no points'
      : `late solves earn ${percent}%`;

const badge = { size: 'sm', variant: 'light', radius: 0, style: { flexShrink: 0 } } as const;

/** A classroom lab's state for the viewer: when it opens, what opens it, when it is due. */
export function LabScheduleBadges({ lab }: { lab: ClassroomLab }) {
  const due = lab.dueAt && !lab.solved ? dueStateOf(lab.dueAt) : null;
  if (lab.availability === 'open' && !due) return null;
  return (
    <Group gap={6} wrap="wrap" data-testid="lab-schedule">
      {lab.availability === 'upcoming' && lab.opensAt && (
        <Badge {...badge} color="gray" leftSection={<IconCalendarClock size={12} aria-hidden />}>
          Opens {formatDateTime(lab.opensAt)}
        </Badge>
      )}
      {lab.availability === 'locked' && (
        <>
          <StateBadge tone="orange" icon={<IconLock size={12} aria-hidden />}>
            Locked
          </StateBadge>
          <Text size="xs" c="dimmed">
            Solve {listOf(lab.requires.map((required) => required.name))} to open
          </Text>
        </>
      )}
      {lab.dueAt && due === 'late' && (
        <>
          <StateBadge tone="red" icon={<IconClockExclamation size={12} aria-hidden />}>
            Late
          </StateBadge>
          <Text size="xs" c="dimmed">
            Was due {formatDateTime(lab.dueAt)}: {lateCredit(lab.latePercent)}
          </Text>
        </>
      )}
      {lab.dueAt && (due === 'soon' || due === 'later') && (
        <>
          {due === 'soon' && <StateBadge tone="yellow">Due soon</StateBadge>}
          <Text size="xs" c="dimmed">
            <time dateTime={lab.dueAt}>
              Due {formatRelativeTime(lab.dueAt)} · {formatDateTime(lab.dueAt)}
            </time>
          </Text>
        </>
      )}
    </Group>
  );
}
