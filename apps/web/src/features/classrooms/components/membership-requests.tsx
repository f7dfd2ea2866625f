import type { ClassroomSummary } from '@hackclass/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconHourglass, IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { EmptyState } from '@/components/feedback/list-states';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMemberStatus } from '../api/update-member-status';
import { ClassroomImage } from './classroom-image';

function RequestRow({
  classroom,
  actions,
}: {
  classroom: ClassroomSummary;
  actions: React.ReactNode;
}) {
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <div style={{ width: 64, flexShrink: 0 }}>
            <ClassroomImage imageUrl={classroom.imageUrl} name={classroom.name} height={48} />
          </div>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {classroom.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {classroom.teacherName}
            </Text>
          </div>
        </Group>
        <Group gap="xs">{actions}</Group>
      </Group>
    </Paper>
  );
}

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

/** Invitations to the user: accept, or decline (which removes them). */
export function InvitationList({
  classrooms,
  userId,
}: {
  classrooms: ClassroomSummary[];
  userId: string;
}) {
  const accept = useUpdateMemberStatus();
  const decline = useRemoveMember();
  if (classrooms.length === 0) {
    return (
      <EmptyState icon={<IconMailOpened size={24} />} title="No invitations">
        When a teacher invites you to a classroom, the invitation appears here.
      </EmptyState>
    );
  }
  const busy = (id: string) =>
    (accept.isPending && accept.variables?.classroomId === id) ||
    (decline.isPending && decline.variables?.classroomId === id);
  return (
    <Stack component="ul" gap="sm" style={listStyle} aria-label="Invitations">
      {classrooms.map((listed) => (
        <RequestRow
          key={listed.id}
          classroom={listed}
          actions={
            <>
              <Button
                size="xs"
                variant="default"
                disabled={busy(listed.id)}
                onClick={() => decline.mutate({ classroomId: listed.id, userId })}
                aria-label={`Decline the invitation to ${listed.name}`}
              >
                Decline
              </Button>
              <Button
                size="xs"
                loading={accept.isPending && accept.variables?.classroomId === listed.id}
                disabled={busy(listed.id)}
                onClick={() =>
                  accept.mutate({ classroomId: listed.id, userId, status: 'Accepted' })
                }
                aria-label={`Accept the invitation to ${listed.name}`}
              >
                Accept
              </Button>
            </>
          }
        />
      ))}
    </Stack>
  );
}

/** The user's requests to join that wait for the teacher: they may withdraw them. */
export function PendingList({
  classrooms,
  userId,
}: {
  classrooms: ClassroomSummary[];
  userId: string;
}) {
  const withdraw = useRemoveMember();
  const [target, setTarget] = useState<ClassroomSummary | null>(null);
  if (classrooms.length === 0) {
    return (
      <EmptyState icon={<IconHourglass size={24} />} title="No pending requests">
        When you join a classroom with a code, your request waits here for the teacher’s approval.
      </EmptyState>
    );
  }
  return (
    <>
      <Stack component="ul" gap="sm" style={listStyle} aria-label="Pending requests">
        {classrooms.map((listed) => (
          <RequestRow
            key={listed.id}
            classroom={listed}
            actions={
              <Button
                size="xs"
                variant="default"
                onClick={() => setTarget(listed)}
                aria-label={`Withdraw the request to join ${listed.name}`}
              >
                Withdraw
              </Button>
            }
          />
        ))}
      </Stack>
      <ConfirmModal
        opened={target !== null}
        title="Withdraw request"
        confirmLabel="Withdraw"
        loading={withdraw.isPending}
        onClose={() => setTarget(null)}
        onConfirm={() =>
          target &&
          withdraw.mutate({ classroomId: target.id, userId }, { onSuccess: () => setTarget(null) })
        }
      >
        Withdraw your request to join {target?.name}?
      </ConfirmModal>
    </>
  );
}
