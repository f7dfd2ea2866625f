import type { UserActivity } from '@hackclass/contracts';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/list-states';
import { StateBadge } from '@/components/feedback/state-badge';
import { paths } from '@/config/paths';
import { dueStateOf, formatDateTime } from '@/lib/due-date';
import { formatRelativeTime } from '@/lib/relative-time';
import classes from './rows.module.css';

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
    <Paper withBorder>
      <Stack component="ul" gap={0} aria-label="Due dates" className={classes.rows}>
        {dueDates.map((due) => (
          <Group
            component="li"
            key={`${due.classroomId}-${due.labId}`}
            justify="space-between"
            gap="xs"
            px="md"
            py="sm"
          >
            <div style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={paths.hackingLab.getHref(due.labSlug, due.classroomId)}
                fw={600}
              >
                {due.labName}
              </Anchor>
              <Text size="sm" c="dimmed" truncate>
                {due.classroomName}
              </Text>
            </div>
            <Group gap="sm" wrap="nowrap">
              <DueState due={due} />
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={due.dueAt} title={formatDateTime(due.dueAt)}>
                  Due {formatRelativeTime(due.dueAt)}
                </time>
              </Text>
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
