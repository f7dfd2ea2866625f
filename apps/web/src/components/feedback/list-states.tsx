import { Alert, Button, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Placeholder rows while a list loads. */
export function ListSkeleton({
  label,
  rows,
  rowHeight,
}: {
  /** Read while loading; left out where the surrounding region already says it. */
  label?: string;
  rows: number;
  rowHeight: number;
}) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={rowHeight} />
      ))}
    </Stack>
  );
}

/** A list that could not be loaded, with a way to try again. */
export function ListError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} aria-hidden />}
      title={message}
      role="alert"
    >
      {onRetry && (
        <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Alert>
  );
}

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** The next step, e.g. a button. */
  action?: ReactNode;
}

/** What a list shows when it has nothing: a reason and, where there is one, the next step. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon variant="light" size={48} aria-hidden>
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm" maw={420}>
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
