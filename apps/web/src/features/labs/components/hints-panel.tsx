import type { ClassroomHint } from '@hackclass/contracts';
import { Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBulb, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '@/components/feedback/confirm-modal';
import { ListError, ListSkeleton } from '@/components/feedback/list-states';
import { Markdown } from '@/components/markdown/markdown';
import { toast } from '@/components/toast/toast';
import { messages } from '@/config/messages';
import { formatDateTime } from '@/lib/format-date-time';
import { useClassroomHints } from '../api/get-classroom-hints';
import { useUnlockHint } from '../api/unlock-hint';

interface HintsPanelProps {
  classroomId: string;
  labId: string;
  /** The caller competes in the classroom and unlocks hints; else (its teacher) reads them. */
  canUnlock: boolean;
}

const pointsText = (points: number) =>
  `${points.toLocaleString('en')} ${points === 1 ? 'point' : 'points'}`;

export const costText = (cost: number) => (cost === 0 ? 'free' : `costs ${pointsText(cost)}`);

/**
 * A lab's hints within a classroom, in order. A member unlocks one deliberately: at once when
 * free, after confirming when it costs points. Its content shows once unlocked; the classroom's
 * teacher reads every hint. Nothing shows for a lab without hints.
 */
export function HintsPanel({ classroomId, labId, canUnlock }: HintsPanelProps) {
  const hints = useClassroomHints(classroomId, labId);
  const unlock = useUnlockHint();
  // The hint kept while the modal closes, so that its text does not change as it fades.
  const [asked, setAsked] = useState<ClassroomHint | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (hint: ClassroomHint) => {
    setAsked(hint);
    setAsking(true);
  };

  if (hints.isSuccess && hints.data.length === 0) return null;

  const open = (hint: ClassroomHint) =>
    unlock.mutate(
      { classroomId, labId, hintId: hint.id },
      {
        onSuccess: () => setAsking(false),
        onError: () => toast.error('Hint not unlocked', messages.generic),
      },
    );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="lab-hints">
      <Title order={2} size="h4" id="lab-hints" mb="xs">
        Hints
      </Title>
      {canUnlock && (
        <Text size="sm" c="dimmed" mb="sm">
          A hint’s cost comes off what this lab earns you in this classroom.
        </Text>
      )}
      {hints.isPending ? (
        <ListSkeleton label="Loading the hints" rows={2} rowHeight={48} />
      ) : hints.isError ? (
        <ListError message="Could not load the hints." onRetry={() => void hints.refetch()} />
      ) : (
        <Stack gap="sm">
          {hints.data.map((hint) => (
            <Paper
              key={hint.id}
              withBorder
              p="sm"
              component="article"
              aria-label={`Hint ${hint.position}`}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  Hint {hint.position} · {costText(hint.cost)}
                </Text>
                {hint.unlocked && hint.unlockedAt && (
                  <Badge
                    variant="light"
                    color="green"
                    radius={0}
                    style={{ flexShrink: 0 }}
                    title={`Unlocked ${formatDateTime(hint.unlockedAt)}`}
                  >
                    Unlocked
                  </Badge>
                )}
              </Group>
              {hint.content !== null ? (
                <Stack gap={4} mt="xs">
                  <Markdown>{hint.content}</Markdown>
                  {!canUnlock && (
                    <Text size="xs" c="dimmed">
                      Students see it once they unlock it.
                    </Text>
                  )}
                </Stack>
              ) : (
                canUnlock && (
                  <Button
                    mt="xs"
                    size="xs"
                    variant="light"
                    leftSection={
                      hint.cost === 0 ? (
                        <IconBulb size={14} aria-hidden />
                      ) : (
                        <IconLock size={14} aria-hidden />
                      )
                    }
                    aria-label={`Unlock hint ${hint.position}`}
                    loading={unlock.isPending && unlock.variables?.hintId === hint.id && !asking}
                    onClick={() => (hint.cost === 0 ? open(hint) : ask(hint))}
                  >
                    Unlock
                  </Button>
                )
              )}
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={asking}
        title={`Unlock hint ${asked?.position ?? ''}?`}
        confirmLabel="Unlock"
        danger={false}
        loading={unlock.isPending}
        onConfirm={() => asked && open(asked)}
        onClose={() => setAsking(false)}
      >
        Unlocking costs {pointsText(asked?.cost ?? 0)} of what this lab earns you. Unlock?
      </ConfirmModal>
    </Card>
  );
}
