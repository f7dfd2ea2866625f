import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { useDeleteClassroom } from '../api/delete-classroom';

interface DeleteClassroomSectionProps {
  classroomId: string;
  name: string;
  onDeleted: () => void;
}

export function DeleteClassroomSection({
  classroomId,
  name,
  onDeleted,
}: DeleteClassroomSectionProps) {
  const remove = useDeleteClassroom();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={520}>
          Deleting removes the classroom, its members and its leaderboard. Labs stay in your list.
        </Text>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={open}
        >
          Delete classroom
        </Button>
      </Group>
      <ConfirmModal
        opened={opened}
        title="Delete classroom"
        confirmLabel="Delete classroom"
        loading={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(classroomId, {
            onSuccess: () => {
              close();
              onDeleted();
            },
            onError: close,
          })
        }
      >
        Delete {name}? This cannot be undone.
      </ConfirmModal>
    </Stack>
  );
}
