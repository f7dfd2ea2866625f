import type { UserActivity } from '@hackclass/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/feedback/list-states';
import { StateBadge } from '@/components/feedback/state-badge';
import { paths } from '@/config/paths';
import classes from './rows.module.css';

type PendingRequests = NonNullable<UserActivity['teaching']>['pendingRequests'];

/** Classrooms of the teacher's with requests to join waiting, each linked to its filtered roster. */
export function JoinRequests({ requests }: { requests: PendingRequests }) {
  const waiting = requests.filter((request) => request.count > 0);
  if (waiting.length === 0) {
    return (
      <EmptyState icon={<IconUserPlus size={24} />} title="No requests waiting">
        Students who join one of your classrooms with its code wait here for your approval.
      </EmptyState>
    );
  }
  return (
    <Paper withBorder>
      <Stack component="ul" gap={0} aria-label="Join requests" className={classes.rows}>
        {waiting.map((request) => (
          <Group
            component="li"
            key={request.classroomId}
            justify="space-between"
            gap="xs"
            px="md"
            py="sm"
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <StateBadge tone="yellow">
                {request.count === 1 ? '1 request' : `${request.count} requests`}
              </StateBadge>
              <Text fw={600} truncate>
                {request.classroomName}
              </Text>
            </Group>
            <Button
              component={Link}
              to={paths.classroomMembers.getHref(request.classroomId, 'PendingApproval')}
              size="xs"
              variant="light"
              aria-label={`Review the requests to join ${request.classroomName}`}
            >
              Review
            </Button>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
