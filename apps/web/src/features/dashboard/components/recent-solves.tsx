import type { UserActivity } from '@hackclass/contracts';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/list-states';
import { RelativeTime } from '@/components/time/relative-time';
import { paths } from '@/config/paths';
import classes from './rows.module.css';

/** The user's latest solves, newest first. */
export function RecentSolves({ solves }: { solves: UserActivity['recentSolves'] }) {
  if (solves.length === 0) {
    return (
      <EmptyState icon={<IconFlag size={24} />} title="No solves yet">
        Open a hacking lab of one of your classrooms, find its flag and submit it: your solves and
        points show up here.
      </EmptyState>
    );
  }
  return (
    <Paper withBorder>
      <Stack component="ul" gap={0} aria-label="Recent solves" className={classes.rows}>
        {solves.map((solve) => (
          <Group
            component="li"
            key={`${solve.classroomId}-${solve.labId}`}
            justify="space-between"
            gap="xs"
            px="md"
            py="sm"
          >
            <div style={{ minWidth: 0 }}>
              <Anchor
                component={Link}
                to={paths.hackingLab.getHref(solve.labSlug, solve.classroomId)}
                fw={600}
              >
                {solve.labName}
              </Anchor>
              <Text size="sm" c="dimmed" truncate>
                {solve.classroomName}
              </Text>
            </div>
            <Group gap="sm" wrap="nowrap">
              <Badge variant="light">+{solve.points} pts</Badge>
              <RelativeTime iso={solve.solvedAt} />
            </Group>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
