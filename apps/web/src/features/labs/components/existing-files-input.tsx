import type { LabFile } from '@hackclass/contracts';
import { Checkbox, Group, Input, Stack, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { formatBytes } from '../utils/format-bytes';

interface ExistingFilesInputProps {
  files: LabFile[];
  /** Ids of the files to delete on save. */
  removed: string[];
  onChange(removed: string[]): void;
}

/** The files a lab has, each with a "Remove" box; nothing is deleted before the form is saved. */
export function ExistingFilesInput({ files, removed, onChange }: ExistingFilesInputProps) {
  return (
    <Input.Wrapper
      label="Current files"
      description="Tick the files to remove when you save"
      labelElement="div"
    >
      <Stack component="ul" gap={4} p={0} m={0} mt={6} style={{ listStyle: 'none' }}>
        {files.map((file) => {
          const removing = removed.includes(file.id);
          return (
            <Group
              component="li"
              key={file.id}
              justify="space-between"
              wrap="nowrap"
              px="sm"
              py={6}
              style={{ border: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <IconFile size={16} aria-hidden />
                <Text size="sm" truncate td={removing ? 'line-through' : undefined}>
                  {file.fileName}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatBytes(file.size)}
                </Text>
              </Group>
              <Checkbox
                label="Remove"
                aria-label={`Remove ${file.fileName}`}
                color="red"
                checked={removing}
                onChange={(event) =>
                  onChange(
                    event.currentTarget.checked
                      ? [...removed, file.id]
                      : removed.filter((id) => id !== file.id),
                  )
                }
              />
            </Group>
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
