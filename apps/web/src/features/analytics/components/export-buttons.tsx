import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ExportTarget, useExportLeaderboard, useExportRoster } from '../api/export-csv';

/** CSV downloads of the classroom's roster (every member) and leaderboard. */
export function ExportButtons({ target }: { target: ExportTarget }) {
  const roster = useExportRoster();
  const leaderboard = useExportLeaderboard();
  const icon = <IconDownload size={16} aria-hidden />;
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="sm"
        leftSection={icon}
        loading={roster.isPending}
        onClick={() => roster.mutate(target)}
      >
        Roster CSV
      </Button>
      <Button
        variant="default"
        size="sm"
        leftSection={icon}
        loading={leaderboard.isPending}
        onClick={() => leaderboard.mutate(target)}
      >
        Leaderboard CSV
      </Button>
    </Group>
  );
}
