import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The heading of an auth page's card, with a line under it. */
export function AuthCardHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Stack gap={6} mb="lg">
      <Title order={1} fz={26}>
        {title}
      </Title>
      {children && (
        <Text size="sm" c="dimmed">
          {children}
        </Text>
      )}
    </Stack>
  );
}
