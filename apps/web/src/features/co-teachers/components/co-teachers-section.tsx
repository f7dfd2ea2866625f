import type { CoTeacher } from '@hackclass/contracts';
import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { ListError, ListSkeleton } from '@/components/feedback/list-states';
import { useCoTeachers } from '../api/get-co-teachers';
import { useRemoveCoTeacher } from '../api/remove-co-teacher';
import { AddCoTeacherForm } from './add-co-teacher-form';
import { CoTeacherTable } from './co-teacher-table';

interface CoTeachersSectionProps {
  classroomId: string;
  classroomName: string;
  /** The classroom's `can.manageCoTeachers`: add and remove anyone. */
  canManage: boolean;
  currentUserId: string | undefined;
  /** The caller stepped down, and no longer runs the classroom. */
  onSteppedDown: () => void;
}

/** Who runs the classroom with its creator; its creator and admins choose them. */
export function CoTeachersSection({
  classroomId,
  classroomName,
  canManage,
  currentUserId,
  onSteppedDown,
}: CoTeachersSectionProps) {
  const coTeachers = useCoTeachers(classroomId);
  const remove = useRemoveCoTeacher();
  const [removing, setRemoving] = useState<CoTeacher>();
  const self = removing?.userId === currentUserId;
  const close = () => setRemoving(undefined);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" maw={560}>
        Co-teachers manage members, labs and schedules, and see submissions and analytics. Only the
        classroom’s creator or an admin adds or removes them, and only the creator or an admin
        deletes the classroom.
      </Text>
      {coTeachers.isPending ? (
        <ListSkeleton label="Loading co-teachers" rows={2} rowHeight={36} />
      ) : coTeachers.isError ? (
        <ListError
          message="Could not load the co-teachers."
          onRetry={() => void coTeachers.refetch()}
        />
      ) : coTeachers.data.length === 0 ? (
        <Text size="sm">
          {canManage
            ? 'No co-teachers yet. Add a teacher by the email of their account.'
            : 'No co-teachers.'}
        </Text>
      ) : (
        <CoTeacherTable
          coTeachers={coTeachers.data}
          currentUserId={currentUserId}
          onRemove={setRemoving}
        />
      )}
      {canManage && <AddCoTeacherForm classroomId={classroomId} />}
      <ConfirmModal
        opened={removing !== undefined}
        title={self ? 'Step down' : 'Remove co-teacher'}
        confirmLabel={self ? 'Step down' : 'Remove'}
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(
            { classroomId, userId: removing.userId, self },
            {
              onSuccess: () => {
                close();
                if (self) onSteppedDown();
              },
              onError: close,
            },
          );
        }}
      >
        {self
          ? `Stop co-teaching ${classroomName}? You will no longer see it unless its creator adds you again.`
          : `Remove ${removing?.name ?? ''} as a co-teacher of ${classroomName}? They will no longer run it.`}
      </ConfirmModal>
    </Stack>
  );
}
