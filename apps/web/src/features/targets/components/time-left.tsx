import { Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatTimeLeft, isRunningOut, secondsLeft, spokenTimeLeft } from '../utils/time-left';

interface TimeLeftProps {
  expiresAt: string;
  /** Called once when the time is up, to ask the API what became of the target. */
  onExpired(): void;
}

/** The time a running target has left, ticking each second; a warning in its last minutes. */
export function TimeLeft({ expiresAt, onExpired }: TimeLeftProps) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(expiresAt, now) ?? 0;

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per expiry, not per render.
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left === 0, expiresAt]);

  const warning = isRunningOut(left);
  const color = warning
    ? 'light-dark(var(--mantine-color-orange-9), var(--mantine-color-orange-4))'
    : undefined;
  return (
    <Group gap={6} wrap="nowrap">
      {warning ? (
        <IconAlertTriangle size={16} aria-hidden color={color} />
      ) : (
        <IconClock size={16} aria-hidden />
      )}
      <Text size="sm" c={color} fw={warning ? 600 : undefined}>
        <span aria-hidden>Time left: </span>
        <Text span ff="monospace" inherit aria-hidden data-testid="target-time-left">
          {formatTimeLeft(left)}
        </Text>
        <VisuallyHidden>{spokenTimeLeft(left)}</VisuallyHidden>
      </Text>
    </Group>
  );
}
