import { Button } from '@mantine/core';
import { IconTerminal2 } from '@tabler/icons-react';
import type { BoxLab } from './box-panel';
import { useTerminalDrawer } from './terminal-drawer';

/** Opens the attack box: in the top bar anywhere, and on a lab page (from its classroom). */
export function TerminalButton({
  classroomId,
  lab,
  variant = 'subtle',
  label = 'Terminal',
}: {
  classroomId?: string;
  lab?: BoxLab;
  variant?: 'subtle' | 'default';
  label?: string;
}) {
  const drawer = useTerminalDrawer();
  return (
    <Button
      variant={variant}
      size="sm"
      leftSection={<IconTerminal2 size={16} aria-hidden />}
      onClick={() => drawer.open(classroomId, lab)}
    >
      {label}
    </Button>
  );
}
