import '@mantine/dropzone/styles.css';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useMemo } from 'react';
import { formatBytes } from '@/lib/format-bytes';
import { getRuntimeConfig } from '@/lib/runtime-config';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

interface ImageDropzoneProps {
  value: File | null;
  onChange: (file: File | null) => void;
  /** What is shown when no new file is chosen (the current image, on edit). */
  currentSrc?: string | null;
  error?: React.ReactNode;
  onReject: (message: string) => void;
}

const rejectionMessage = (rejections: FileRejection[], maxBytes: number) => {
  const code = rejections[0]?.errors[0]?.code;
  if (code === 'file-too-large') return `The image may have at most ${formatBytes(maxBytes)}`;
  if (code === 'too-many-files') return 'Choose one image';
  return 'Choose a PNG, JPEG, WebP or GIF image';
};

/** One optional image: dropped or picked, previewed, removable. */
export function ImageDropzone({
  value,
  onChange,
  currentSrc,
  error,
  onReject,
}: ImageDropzoneProps) {
  // The server's limit (UPLOAD_IMAGE_MAX_MB), so that the form refuses what the API would.
  const { imageMaxBytes } = getRuntimeConfig().uploads;
  const labelId = useId();
  const errorId = useId();
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? currentSrc ?? null;

  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        Image{' '}
        <Text span size="xs" c="dimmed">
          (optional)
        </Text>
      </Text>
      {shown && (
        <Group align="flex-end" gap="sm">
          <Image
            src={shown}
            alt={value ? 'Preview of the chosen image' : 'Current image'}
            h={120}
            w={200}
            fit="cover"
          />
          {value && (
            <Button variant="subtle" size="xs" color="red" onClick={() => onChange(null)}>
              Remove image
            </Button>
          )}
        </Group>
      )}
      <Dropzone
        onDrop={(files) => onChange(files[0] ?? null)}
        onReject={(rejections) => onReject(rejectionMessage(rejections, imageMaxBytes))}
        accept={IMAGE_TYPES}
        maxSize={imageMaxBytes}
        multiple={false}
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <Group justify="center" gap="md" mih={80} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} stroke={1.5} aria-hidden />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} stroke={1.5} aria-hidden />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconPhoto size={32} stroke={1.5} aria-hidden />
          </Dropzone.Idle>
          <div>
            <Text size="sm">
              {shown
                ? 'Drop another image here or click to replace it'
                : 'Drop an image here or click to choose one'}
            </Text>
            <Text size="xs" c="dimmed">
              PNG, JPEG, WebP or GIF, up to {formatBytes(imageMaxBytes)}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {error && (
        <Text id={errorId} size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
