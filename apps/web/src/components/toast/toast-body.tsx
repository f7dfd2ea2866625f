import { Avatar, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';

export interface ToastAction {
  label: string;
  onClick: () => void;
  /** Closes the toast after `onClick`; true unless said otherwise. */
  closes?: boolean;
}

interface ToastBodyProps {
  description?: ReactNode;
  avatar?: { src?: string | null; name: string };
  actions?: ToastAction[];
  /** Milliseconds until the toast closes itself; false keeps it until closed by hand. */
  timeout: number | false;
  onTimeout: () => void;
}

const tickMs = 100;

/**
 * The inside of a toast: description, avatar, actions and the bar of the time left. It runs its
 * own clock, so the bar and the close agree, and stops it while the pointer or focus is on it.
 */
export function ToastBody({ description, avatar, actions, timeout, onTimeout }: ToastBodyProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [left, setLeft] = useState(timeout === false ? 0 : timeout);
  const paused = useRef(false);
  const onTimeoutRef = useRef(onTimeout);
  onTimeoutRef.current = onTimeout;

  useEffect(() => {
    if (timeout === false) return;
    const toast = ref.current?.closest<HTMLElement>('.mantine-Notification-root') ?? ref.current;
    const pause = () => {
      paused.current = true;
    };
    const resume = () => {
      paused.current = false;
    };
    toast?.addEventListener('pointerenter', pause);
    toast?.addEventListener('pointerleave', resume);
    toast?.addEventListener('focusin', pause);
    toast?.addEventListener('focusout', resume);
    const timer = window.setInterval(() => {
      if (paused.current) return;
      setLeft((value) => Math.max(0, value - tickMs));
    }, tickMs);
    return () => {
      window.clearInterval(timer);
      toast?.removeEventListener('pointerenter', pause);
      toast?.removeEventListener('pointerleave', resume);
      toast?.removeEventListener('focusin', pause);
      toast?.removeEventListener('focusout', resume);
    };
  }, [timeout]);

  useEffect(() => {
    if (timeout !== false && left === 0) onTimeoutRef.current();
  }, [left, timeout]);

  return (
    <Stack ref={ref} gap="xs">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {avatar && (
          <Avatar src={avatar.src ?? null} alt={avatar.name} name={avatar.name} size="md" />
        )}
        {description && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {description}
          </Text>
        )}
      </Group>
      {actions && actions.length > 0 && (
        <Group gap="xs">
          {actions.map((action, index) => (
            <Button
              key={action.label}
              size="xs"
              variant={index === 0 ? 'filled' : 'default'}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
        </Group>
      )}
      {timeout !== false && (
        <Progress
          value={(left / timeout) * 100}
          size={3}
          aria-label="Time left"
          transitionDuration={tickMs}
        />
      )}
    </Stack>
  );
}
