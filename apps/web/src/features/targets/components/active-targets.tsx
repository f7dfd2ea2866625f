import type { ClassroomTarget } from '@hackclass/contracts';
import { Paper } from '@mantine/core';
import { IconServerOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { toast } from '@/components/toast/toast';
import { problemText } from '@/lib/problem-text';
import { useTargetAction } from '../api/target-action';
import { targetTitle } from '../utils/target-states';
import { TargetsTable } from './targets-table';

interface ActiveTargetsProps {
  targets: UseQueryResult<ClassroomTarget[]>;
  withClassroom?: boolean;
  emptyText: string;
}

/** A list of active targets (a classroom's or everyone's), each stopped after a confirmation. */
export function ActiveTargets({ targets, withClassroom = false, emptyText }: ActiveTargetsProps) {
  const stop = useTargetAction('stop');
  const [stopping, setStopping] = useState<ClassroomTarget | null>(null);

  if (targets.isPending) return <ListSkeleton label="Loading targets" rows={3} rowHeight={44} />;
  if (targets.isError) {
    return (
      <ListError message="Could not load the targets." onRetry={() => void targets.refetch()} />
    );
  }
  return (
    <>
      {targets.data.length === 0 ? (
        <EmptyState icon={<IconServerOff size={24} />} title="No running targets">
          {emptyText}
        </EmptyState>
      ) : (
        <Paper withBorder>
          <TargetsTable
            targets={targets.data}
            withClassroom={withClassroom}
            stoppingId={stop.isPending ? stop.variables : undefined}
            onStop={setStopping}
          />
        </Paper>
      )}
      <ConfirmModal
        opened={stopping !== null}
        title="Stop target"
        confirmLabel="Stop target"
        loading={stop.isPending}
        onClose={() => setStopping(null)}
        onConfirm={() =>
          stopping &&
          stop.mutate(stopping.id, {
            onSuccess: () => toast.success('Target stopped'),
            onError: (error) => toast.error('Could not stop the target', problemText(error)),
            onSettled: () => setStopping(null),
          })
        }
      >
        {stopping &&
          `Stop ${stopping.student.name}’s ${targetTitle(stopping)}? Its state is lost; they may start a new one.`}
      </ConfirmModal>
    </>
  );
}
