import { Stack, Text } from '@mantine/core';
import { TARGETS_REFRESH_MS, useAllTargets } from '../api/get-classroom-targets';
import { ActiveTargets } from './active-targets';

/** Every active target of the server, for admins, with its classroom. */
export function AllTargetsPanel() {
  const targets = useAllTargets();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Refreshed every {TARGETS_REFRESH_MS / 1000} seconds.
      </Text>
      <ActiveTargets
        targets={targets}
        withClassroom
        emptyText="No student has a target running on this server."
      />
    </Stack>
  );
}
