import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { CopyValueButton } from '@/components/feedback/copy-value-button';
import { useRegenerateJoinCode } from '../api/regenerate-join-code';

export function JoinCodePanel({
  classroomId,
  joinCode,
}: {
  classroomId: string;
  joinCode: string;
}) {
  const regenerate = useRegenerateJoinCode(classroomId);
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Students join with this code; each request waits for your approval.
      </Text>
      <Group gap="sm">
        <Code fz="xl" px="md" py={6} aria-label="Join code" data-testid="join-code">
          {joinCode}
        </Code>
        <CopyValueButton value={joinCode} label="Copy join code" />
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={open}
        >
          Regenerate
        </Button>
      </Group>
      <ConfirmModal
        opened={opened}
        title="Regenerate join code"
        confirmLabel="Regenerate"
        loading={regenerate.isPending}
        onClose={close}
        onConfirm={() => regenerate.mutate(undefined, { onSuccess: close })}
      >
        The current code stops working at once. Students who have not joined yet need the new one.
      </ConfirmModal>
    </Stack>
  );
}
