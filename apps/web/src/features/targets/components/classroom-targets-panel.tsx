import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { toast } from '@/components/toast/toast';
import { TARGETS_REFRESH_MS, useClassroomTargets } from '../api/get-classroom-targets';
import { useStopClassroomTargets } from '../api/stop-classroom-targets';
import { ActiveTargets } from './active-targets';
import { TargetLimitForm } from './target-limit-form';

/** A classroom's Targets tab: every active target, stop one or all, and the classroom's limit. */
export function ClassroomTargetsPanel({ classroomId }: { classroomId: string }) {
  const targets = useClassroomTargets(classroomId);
  const stopAll = useStopClassroomTargets();
  const [confirming, setConfirming] = useState(false);
  // Those stopping already are not stopped again.
  const count = targets.data?.filter((target) => target.state !== 'stopping').length ?? 0;
  const counted = count === 1 ? '1 target' : `${count} targets`;

  return (
    <Stack gap="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} size="h4">
              Running targets
            </Title>
            <Text size="sm" c="dimmed">
              Refreshed every {TARGETS_REFRESH_MS / 1000} seconds, and every second or two while one
              starts or stops.
            </Text>
          </div>
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} aria-hidden />}
            disabled={count === 0}
            onClick={() => setConfirming(true)}
          >
            Stop all
          </Button>
        </Group>
        <ActiveTargets
          targets={targets}
          emptyText="When students start the targets of this classroom’s labs, they appear here."
        />
      </Stack>
      <Paper withBorder p="lg">
        <Title order={2} size="h4" mb="sm">
          Target limit
        </Title>
        <TargetLimitForm classroomId={classroomId} />
      </Paper>
      <ConfirmModal
        opened={confirming}
        title="Stop all targets"
        confirmLabel={`Stop ${counted}`}
        loading={stopAll.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          stopAll.mutate(classroomId, {
            onSuccess: ({ stopped }) =>
              toast.success(stopped === 1 ? '1 target stopped' : `${stopped} targets stopped`),
            onSettled: () => setConfirming(false),
          })
        }
      >
        Stop the {counted} running in this classroom? Students lose their targets’ state; they may
        start new ones.
      </ConfirmModal>
    </Stack>
  );
}
