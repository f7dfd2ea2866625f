import type { AccountQuota } from '@hackclass/contracts';
import { ActionIcon, Group, Input, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBytes } from '@/lib/format-bytes';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { FileRow, FileRows } from './file-rows';

interface LabFilesInputProps {
  /** What the caller's files use of their quota; undefined while it loads. */
  quota: AccountQuota | undefined;
  value: File[];
  /** Files the lab keeps (when editing): they count toward the limit. */
  kept?: number;
  onChange(files: File[]): void;
  error?: string;
}

const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

const rejectionMessage = (
  rejections: FileRejection[],
  { fileMaxBytes, filesPerLab }: { fileMaxBytes: number; filesPerLab: number },
) => {
  const tooBig = rejections.filter((r) => r.errors.some((e) => e.code === 'file-too-large'));
  if (tooBig.length > 0) {
    return `${tooBig.map((r) => r.file.name).join(', ')}: files may be at most ${formatBytes(fileMaxBytes)} each`;
  }
  return `A lab may have at most ${filesPerLab} files`;
};

/** `x of y MB used` of the caller's file quota; admins have none. */
const usageLine = ({ fileBytes }: AccountQuota) =>
  fileBytes.limit === null
    ? `Your labs’ files: ${formatBytes(fileBytes.used)} used (no quota)`
    : `Your labs’ files: ${formatBytes(fileBytes.used)} of ${formatBytes(fileBytes.limit)} used`;

/**
 * Files of a lab: a drop zone (any type, within the instance's size and count limits), the
 * chosen list and what the caller's labs' files use of their quota.
 */
export function LabFilesInput({ quota, value, kept = 0, onChange, error }: LabFilesInputProps) {
  const [rejected, setRejected] = useState<string | null>(null);
  // The server's limits (UPLOAD_FILE_MAX_MB, UPLOAD_FILES_PER_LAB).
  const limits = getRuntimeConfig().uploads;
  const maxFiles = limits.filesPerLab;
  const filesLeft = maxFiles - kept - value.length;

  // The drop zone passes at most `room` files of a choice and rejects the rest.
  const add = (accepted: File[]) => {
    // The same file chosen twice is kept once.
    const known = new Set(value.map(fileKey));
    onChange([...value, ...accepted.filter((file) => !known.has(fileKey(file)))]);
  };

  return (
    <Input.Wrapper
      label={kept > 0 ? 'New files' : 'Files'}
      description={`Optional: up to ${maxFiles} files of any type in all, ${formatBytes(limits.fileMaxBytes)} each.${quota ? ` ${usageLine(quota)}.` : ''}`}
      error={rejected ?? error}
      labelElement="div"
      id="lab-files"
    >
      <Stack gap="xs" mt={6}>
        <Dropzone
          // Rejections come before the accepted files: a choice partly refused still says why.
          onDropAny={() => setRejected(null)}
          onReject={(rejections) => setRejected(rejectionMessage(rejections, limits))}
          onDrop={add}
          maxSize={limits.fileMaxBytes}
          maxFiles={filesLeft}
          disabled={filesLeft <= 0}
          multiple
          aria-label="Add lab files"
          inputProps={{ 'aria-label': 'Lab files' }}
        >
          <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }}>
            <Dropzone.Accept>
              <IconUpload size={36} stroke={1.5} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} stroke={1.5} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconFile size={36} stroke={1.5} aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="md">
                {filesLeft > 0
                  ? 'Drag files here or click to choose them'
                  : 'No more files allowed'}
              </Text>
              <Text size="sm" c="dimmed">
                {kept + value.length} of {maxFiles} chosen
              </Text>
            </div>
          </Group>
        </Dropzone>
        {value.length > 0 && (
          <FileRows label="Chosen files">
            {value.map((file, index) => (
              <FileRow
                key={fileKey(file)}
                name={file.name}
                size={file.size}
                action={
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Remove ${file.name}`}
                    onClick={() => onChange(value.filter((_, i) => i !== index))}
                  >
                    <IconX size={16} aria-hidden />
                  </ActionIcon>
                }
              />
            ))}
          </FileRows>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
