import { isActiveTargetState, type LabTargetSummary, type Target } from '@hackclass/contracts';
import { Alert, Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { problemText } from '@/lib/problem-text';
import { targetKeys } from '../api/keys';
import { useStartTarget } from '../api/start-target';
import {
  TARGETS_OFF_TEXT,
  TARGETS_UNAVAILABLE_TEXT,
  targetStateLooks,
} from '../utils/target-states';
import { TargetAccess } from './target-access';
import { TargetActions } from './target-actions';
import { TimeLeft } from './time-left';

/** The panel's heading, with the target's state as a badge once there is one. */
export function PanelFrame({ target, children }: { target?: Target | null; children: ReactNode }) {
  const look = target ? targetStateLooks[target.state] : null;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="lab-target">
          Live target
        </Title>
        {look && (
          <Badge color={look.color} variant="light" radius={0} data-testid="target-state">
            {look.label}
          </Badge>
        )}
      </Group>
      {children}
    </Stack>
  );
}

export interface TargetViewProps {
  target: Target | null;
  classroomId: string;
  labId: string;
  summary: LabTargetSummary;
  /** Whether this server has an engine for targets (`/config.json`). */
  enabled: boolean;
  /** Whether that engine answers right now (the API's last look). */
  engineAvailable: boolean;
}

/** One target as its owner sees it, or the Start button when there is none to show. */
export function TargetView({
  target,
  classroomId,
  labId,
  summary,
  enabled,
  engineAvailable,
}: TargetViewProps) {
  const queryClient = useQueryClient();
  const start = useStartTarget();
  const [problem, setProblem] = useState<string | null>(null);
  const onError = (error: unknown) => setProblem(problemText(error));
  const perStudent = summary.flagMode === 'per-student';
  const state = target?.state;

  const startButton = (label: string) => (
    <Button
      leftSection={<IconPlayerPlay size={16} aria-hidden />}
      loading={start.isPending}
      disabled={!enabled || !engineAvailable || summary.refused !== undefined}
      onClick={() => {
        if (start.isPending) return;
        setProblem(null);
        start.mutate({ classroomId, labId }, { onError });
      }}
    >
      {label}
    </Button>
  );

  return (
    <PanelFrame target={target}>
      <div role="status" aria-live="polite">
        {state === 'starting' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Starting your target… this takes a few seconds.</Text>
          </Group>
        )}
        {state === 'stopping' && (
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Stopping your target…</Text>
          </Group>
        )}
        {state === 'expired' && <Text size="sm">Your last target expired.</Text>}
        {state === 'stopped' && <Text size="sm">Your last target was stopped.</Text>}
        {state === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />}>
            {target?.failure?.message ?? 'The target could not start.'}
          </Alert>
        )}
      </div>

      {state === 'running' && target && (
        <Stack gap="sm">
          <TargetAccess target={target} onError={onError} />
          {target.expiresAt && (
            <TimeLeft
              expiresAt={target.expiresAt}
              onExpired={() =>
                void queryClient.invalidateQueries({ queryKey: targetKeys.detail(target.id) })
              }
            />
          )}
          <TargetActions target={target} perStudent={perStudent} onError={onError} />
        </Stack>
      )}

      {!isActiveTargetState(state) && (
        <Stack gap="xs" align="flex-start">
          {!target && (
            <Text size="sm">
              This lab has a {summary.kind === 'http' ? 'web' : 'network'} target of your own. It
              runs for {summary.lifetimeMinutes} minutes
              {summary.extendable ? ', and you may extend it' : ''}.
            </Text>
          )}
          {startButton(state === 'failed' ? 'Start again' : 'Start target')}
          {summary.refused ? (
            <Text size="sm" c="red">
              {summary.refused.message}.
            </Text>
          ) : (
            (!enabled || !engineAvailable) && (
              <Text size="sm" c="dimmed">
                {enabled ? TARGETS_UNAVAILABLE_TEXT : TARGETS_OFF_TEXT}.
              </Text>
            )
          )}
        </Stack>
      )}

      {perStudent && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            Your target holds a flag of its own: submit the one you find in it.
          </Text>
        </Group>
      )}

      {problem && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      )}
    </PanelFrame>
  );
}
