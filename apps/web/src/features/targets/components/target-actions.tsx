import type { Target } from '@hackclass/contracts';
import { Button, Group, Text } from '@mantine/core';
import { IconClockPlus, IconPlayerStop, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { useTargetAction } from '../api/target-action';
import { useExtendable } from '../hooks/use-extendable';

interface TargetActionsProps {
  target: Target;
  /** Per-student flags: a reset hands out a new one. */
  perStudent: boolean;
  onError(error: unknown): void;
}

/** Extend, Reset and Stop of a running target, those the caller may; Reset and Stop are confirmed. */
export function TargetActions({ target, perStudent, onError }: TargetActionsProps) {
  const extend = useTargetAction('extend');
  const reset = useTargetAction('reset');
  const stop = useTargetAction('stop');
  const [confirming, setConfirming] = useState<'reset' | 'stop' | null>(null);
  const extendable = useExtendable(target);
  const extendHint = useId();
  const busy = extend.isPending || reset.isPending || stop.isPending;
  const close = () => setConfirming(null);
  const box = target.kind === 'box';
  const noun = box ? 'attack box' : 'target';

  return (
    <>
      <Group gap="xs">
        {target.can.extend && extendable.now && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconClockPlus size={14} aria-hidden />}
            loading={extend.isPending}
            disabled={busy && !extend.isPending}
            onClick={() => extend.mutate(target.id, { onError })}
          >
            Extend
          </Button>
        )}
        {target.can.extend && extendable.from && (
          <>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconClockPlus size={14} aria-hidden />}
              disabled
              aria-describedby={extendHint}
            >
              Extend
            </Button>
            <Text id={extendHint} size="xs" c="dimmed">
              You can extend it from {extendable.from}.
            </Text>
          </>
        )}
        {target.can.reset && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            disabled={busy}
            onClick={() => setConfirming('reset')}
          >
            Reset
          </Button>
        )}
        {target.can.stop && (
          <Button
            variant="default"
            size="xs"
            color="red"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            disabled={busy}
            onClick={() => setConfirming('stop')}
          >
            Stop
          </Button>
        )}
      </Group>
      <ConfirmModal
        opened={confirming === 'reset'}
        title={`Reset the ${noun}`}
        confirmLabel="Reset"
        loading={reset.isPending}
        onClose={close}
        onConfirm={() => reset.mutate(target.id, { onError, onSettled: close })}
      >
        {box
          ? 'A fresh attack box replaces this one; what you kept in it is lost.'
          : `A new target replaces this one; its state is lost${perStudent ? ', and it gets a new flag.' : '.'}`}
      </ConfirmModal>
      <ConfirmModal
        opened={confirming === 'stop'}
        title={`Stop the ${noun}`}
        confirmLabel="Stop"
        loading={stop.isPending}
        onClose={close}
        onConfirm={() => stop.mutate(target.id, { onError, onSettled: close })}
      >
        {box
          ? 'The attack box stops, and what you kept in it is lost. You may start a new one later.'
          : 'The target stops and its state is lost. You may start a new one later.'}
      </ConfirmModal>
    </>
  );
}
