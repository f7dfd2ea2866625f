import type { LabFile } from '@hackclass/contracts';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBytes } from '@/lib/format-bytes';
import { labFileDownloadPath, useDownloadLabFile } from '../api/download-lab-file';

interface LabFileListProps {
  labId: string;
  files: LabFile[];
  /** Where the API lives, so a link's href names the real download address. */
  apiBaseUrl: string;
}

/** Download links; a click asks the API for a signed link and lets the browser download it. */
export function LabFileList({ labId, files, apiBaseUrl }: LabFileListProps) {
  const download = useDownloadLabFile();
  const [busy, setBusy] = useState<string | null>(null);

  if (files.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        This lab has no files.
      </Text>
    );
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((file) => {
        const loading = busy === file.id;
        return (
          <Group component="li" key={file.id} gap="xs" wrap="nowrap">
            {loading ? (
              <Loader size={16} aria-hidden />
            ) : (
              <IconDownload size={16} aria-hidden style={{ flexShrink: 0 }} />
            )}
            <Anchor
              href={`${apiBaseUrl}${labFileDownloadPath(labId, file.id)}`}
              download={file.fileName}
              aria-busy={loading}
              style={{ overflowWrap: 'anywhere' }}
              onClick={(event) => {
                event.preventDefault();
                if (busy) return;
                setBusy(file.id);
                download.mutate(
                  { labId, fileId: file.id, fileName: file.fileName },
                  { onSettled: () => setBusy(null) },
                );
              }}
            >
              {file.fileName}
            </Anchor>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {loading ? 'Downloading…' : formatBytes(file.size)}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
