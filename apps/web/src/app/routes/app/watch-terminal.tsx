import { Anchor, Box, Group, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { TerminalScreen } from '@/features/targets/components/terminal-screen';
import { usePageTitle } from '@/hooks/use-page-title';

/** A student's attack box terminal as their teacher watches it, read-only, in a tab of its own. */
export function WatchTerminalRoute() {
  usePageTitle('Watching a terminal');
  const { targetId = '' } = useParams();
  return (
    <Box component="main" p="sm" h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h4">
          Watching a student’s terminal
        </Title>
        <Anchor component={Link} to={paths.dashboard.getHref()} size="sm">
          Back to HackClass
        </Anchor>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        <TerminalScreen boxId={targetId} fill />
      </Box>
    </Box>
  );
}
