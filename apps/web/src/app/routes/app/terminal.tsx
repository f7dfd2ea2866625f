import { Anchor, Box, Group, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { BoxPanel } from '@/features/targets/components/box-panel';
import { usePageTitle } from '@/hooks/use-page-title';
import { useBoxClassrooms } from '../../layouts/use-box-classrooms';

/** The student's attack box, filling a tab of its own. */
export function TerminalRoute() {
  usePageTitle('Terminal');
  const classrooms = useBoxClassrooms();
  return (
    <Box component="main" p="sm" h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h4">
          Your attack box
        </Title>
        <Anchor component={Link} to={paths.dashboard.getHref()} size="sm">
          Back to HackClass
        </Anchor>
      </Group>
      <Box style={{ flex: 1, minHeight: 0 }}>
        <BoxPanel fullPage classrooms={classrooms} />
      </Box>
    </Box>
  );
}
