import { Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '@/lib/format-bytes';
import type { UploadProgress as Sent } from '@/lib/upload-request';

/** How much of a form's upload has been sent, while it is being sent. */
export function UploadProgress({ progress }: { progress: Sent | null }) {
  if (!progress || progress.total === 0) return null;
  const percent = Math.min(100, Math.round((progress.loaded / progress.total) * 100));
  const done = progress.loaded >= progress.total;
  return (
    <Stack gap={4}>
      <Text size="sm">
        {done
          ? 'Uploaded; saving…'
          : `Uploading: ${formatBytes(progress.loaded)} of ${formatBytes(progress.total)}`}
      </Text>
      <Progress value={percent} aria-label="Upload progress" animated={!done} />
    </Stack>
  );
}
