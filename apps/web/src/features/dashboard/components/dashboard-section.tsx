import { Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { ListError } from '@/components/feedback/list-states';

interface DashboardSectionProps {
  title: string;
  /** A link beside the title, e.g. to the full list. */
  action?: ReactNode;
  children: ReactNode;
}

/** A titled part of the dashboard, a region named by its title. */
export function DashboardSection({ title, action, children }: DashboardSectionProps) {
  const titleId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h3" id={titleId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

interface LoadStateProps {
  status: 'pending' | 'error' | 'success';
  /** Read while loading, e.g. "Loading your classrooms". */
  loadingLabel: string;
  skeleton: ReactNode;
  errorMessage: string;
  onRetry: () => void;
  /** Rendered once the data is there. */
  children: () => ReactNode;
}

/** The skeleton while loading, the error with a retry, else the content. */
export function LoadState({
  status,
  loadingLabel,
  skeleton,
  errorMessage,
  onRetry,
  children,
}: LoadStateProps) {
  if (status === 'pending') {
    return (
      <div aria-busy="true">
        <VisuallyHidden>{loadingLabel}</VisuallyHidden>
        {skeleton}
      </div>
    );
  }
  if (status === 'error') return <ListError message={errorMessage} onRetry={onRetry} />;
  return children();
}
