import type { Lab } from '@hackclass/contracts';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '@/components/feedback/form-alert';
import { messages } from '@/config/messages';
import { isApiError } from '@/lib/errors';
import { useDeleteLab } from '../api/delete-lab';

/** How many classrooms a `lab_in_use` refusal names ("2 classrooms use this lab; …"). */
const classroomsInUse = (detail: string | undefined) =>
  Number(/^(\d+)/.exec(detail ?? '')?.[1] ?? 0);

/** Delete with a confirmation; when classrooms use the lab, offers to remove it from them too. */
export function DeleteLabButton({ lab, onDeleted }: { lab: Lab; onDeleted(): void }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [inUse, setInUse] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const deleteLab = useDeleteLab();

  const dismiss = () => {
    close();
    setInUse(0);
    setError(null);
  };

  const confirm = () => {
    setError(null);
    deleteLab.mutate(
      { id: lab.id, force: inUse > 0 },
      {
        onSuccess: () => {
          close();
          onDeleted();
        },
        onError: (failure) => {
          if (isApiError(failure) && failure.code === 'lab_in_use') {
            setInUse(Math.max(classroomsInUse(failure.detail), 1));
          } else setError(messages.generic);
        },
      },
    );
  };

  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={open}
      >
        Delete
      </Button>
      <Modal opened={opened} onClose={dismiss} title="Delete this lab?" centered>
        <Stack gap="md">
          <FormAlert message={error} />
          {inUse > 0 ? (
            <Text size="sm" role="alert">
              {inUse === 1 ? 'A classroom uses' : `${inUse} classrooms use`} “{lab.name}”. Deleting
              it also removes it, and the points earned with it, from{' '}
              {inUse === 1 ? 'that classroom' : 'those classrooms'}.
            </Text>
          ) : (
            <Text size="sm">
              “{lab.name}” and its files will be deleted for good. This cannot be undone.
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={dismiss} disabled={deleteLab.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={deleteLab.isPending}>
              {inUse > 0
                ? `Delete and remove from ${inUse} ${inUse === 1 ? 'classroom' : 'classrooms'}`
                : 'Delete lab'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
