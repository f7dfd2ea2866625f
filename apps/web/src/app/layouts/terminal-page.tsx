import { Anchor, Box, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** A terminal filling a tab of its own, under a title and a way back to HackClass. */
export function TerminalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" p="sm" h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h4">
          {title}
        </Title>
        <Anchor component={Link} to={paths.dashboard.getHref()} size="sm">
          Back to HackClass
        </Anchor>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>{children}</Box>
    </Box>
  );
}
