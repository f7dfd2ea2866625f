import { Group, Stack, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatBytes } from '@/lib/format-bytes';

/** A bordered list of files, as the lab form's file inputs show them. */
export function FileRows({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

interface FileRowProps {
  name: string;
  size: number;
  /** Struck through: the file goes when the form is saved. */
  struck?: boolean;
  /** The row's control, at its end. */
  action: ReactNode;
}

/** One file of `FileRows`: its name and size, then a control. */
export function FileRow({ name, size, struck = false, action }: FileRowProps) {
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      px="sm"
      py={6}
      style={{ border: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <IconFile size={16} aria-hidden />
        <Text size="sm" truncate td={struck ? 'line-through' : undefined}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatBytes(size)}
        </Text>
      </Group>
      {action}
    </Group>
  );
}
