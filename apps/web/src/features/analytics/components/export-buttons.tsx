import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  type ExportTarget,
  useExportLeaderboard,
  useExportRoster,
  useExportSubmissions,
} from '../api/export-csv';

/** CSV downloads of the classroom's roster (every member), leaderboard and submissions. */
export function ExportButtons({ target }: { target: ExportTarget }) {
  const roster = useExportRoster();
  const leaderboard = useExportLeaderboard();
  const submissions = useExportSubmissions();
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
      <Button
        variant="default"
        size="sm"
        leftSection={icon}
        loading={submissions.isPending}
        onClick={() => submissions.mutate(target)}
      >
        Submissions CSV
      </Button>
    </Group>
  );
}
