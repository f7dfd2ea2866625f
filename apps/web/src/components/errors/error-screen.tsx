import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface ErrorScreenProps {
  /** The HTTP-like status shown large above the heading, e.g. "404". */
  code: string;
  title: string;
  message: ReactNode;
  action: ReactNode;
}

/** The shared look of the 404 and 500 pages. */
export function ErrorScreen({ code, title, message, action }: ErrorScreenProps) {
  return (
    <Container size="sm" py={{ base: 64, sm: 120 }}>
      <Stack align="center" ta="center" gap="md">
        <Text
          aria-hidden
          fw={900}
          fz={{ base: 96, sm: 140 }}
          lh={1}
          // zinc-500: 3:1 or more (large text) on the light and the dark page alike.
          c="var(--mantine-color-gray-5)"
          ff="monospace"
        >
          {code}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg" maw={520} style={{ overflowWrap: 'anywhere' }}>
          {message}
        </Text>
        {action}
      </Stack>
    </Container>
  );
}
