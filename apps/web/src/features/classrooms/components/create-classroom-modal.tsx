import type { Classroom } from '@hackclass/contracts';
import { Modal } from '@mantine/core';
import { useCreateClassroom } from '../api/create-classroom';
import { ClassroomForm } from './classroom-form';

interface CreateClassroomModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (classroom: Classroom) => void;
}

export function CreateClassroomModal({ opened, onClose, onCreated }: CreateClassroomModalProps) {
  const create = useCreateClassroom();
  return (
    <Modal opened={opened} onClose={onClose} title="Create classroom" size="lg">
      <ClassroomForm
        submitLabel="Create classroom"
        pending={create.isPending}
        onCancel={onClose}
        onSubmit={(input, onError, upload) =>
          create.mutate({ ...input, upload }, { onSuccess: onCreated, onError })
        }
      />
    </Modal>
  );
}
