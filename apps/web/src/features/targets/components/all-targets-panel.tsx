import { Stack, Text } from '@mantine/core';
import { TARGETS_REFRESH_MS, useAllTargets } from '../api/get-classroom-targets';
import { ActiveTargets } from './active-targets';
import { EngineStatusAlert } from './engine-status-alert';

/** Every active target of the server, for admins, with its classroom, and whether more can start. */
export function AllTargetsPanel() {
  const targets = useAllTargets();
  return (
    <Stack gap="sm">
      <EngineStatusAlert />
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
