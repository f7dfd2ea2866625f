import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDoorExit } from '@tabler/icons-react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { useLeaveClassroom } from '../api/leave-classroom';

interface LeaveClassroomButtonProps {
  classroomId: string;
  userId: string;
  name: string;
  onLeft: () => void;
}

/** An accepted member leaves the classroom, after saying yes once more. */
export function LeaveClassroomButton({
  classroomId,
  userId,
  name,
  onLeft,
}: LeaveClassroomButtonProps) {
  const leave = useLeaveClassroom();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        color="red"
        variant="light"
        leftSection={<IconDoorExit size={16} aria-hidden />}
        onClick={open}
      >
        Leave classroom
      </Button>
      <ConfirmModal
        opened={opened}
        title="Leave classroom"
        confirmLabel="Leave classroom"
        loading={leave.isPending}
        onClose={close}
        onConfirm={() =>
          leave.mutate({ classroomId, userId }, { onSuccess: onLeft, onError: close })
        }
      >
        Leave {name}? Its labs and leaderboard will no longer be yours to see; to come back you need
        a new invitation or the join code.
      </ConfirmModal>
    </>
  );
}
