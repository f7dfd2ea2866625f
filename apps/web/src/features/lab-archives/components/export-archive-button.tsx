import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ArchiveSource, useExportArchive } from '../api/export-archive';

interface ExportArchiveButtonProps {
  source: ArchiveSource;
  label: string;
}

/** Downloads a lab's or a classroom's archive, to import elsewhere. */
export function ExportArchiveButton({ source, label }: ExportArchiveButtonProps) {
  const exporting = useExportArchive();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exporting.isPending}
      onClick={() => exporting.mutate(source)}
    >
      {label}
    </Button>
  );
}
