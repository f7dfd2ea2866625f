import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface AddRowButtonProps {
  /** Where focus lands when the last row goes. */
  id: string;
  /** The list is full. */
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** The button under a list of form rows that adds one. */
export function AddRowButton({ id, disabled, onClick, children }: AddRowButtonProps) {
  return (
    <Group>
      <Button
        id={id}
        variant="default"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </Button>
    </Group>
  );
}
