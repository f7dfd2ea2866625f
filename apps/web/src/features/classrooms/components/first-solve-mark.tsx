import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconDropletFilled } from '@tabler/icons-react';

const firstSolvesLabel = (count: number) =>
  `First to solve ${count} ${count === 1 ? 'lab' : 'labs'}`;

/** A member's first solves in the classroom, as a drop with their count; nothing for none. */
export function FirstSolveMark({ count }: { count: number }) {
  if (count === 0) return null;
  const label = firstSolvesLabel(count);
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        size="sm"
        variant="light"
        color="red"
        radius="sm"
        leftSection={<IconDropletFilled size={12} aria-hidden />}
        aria-label={label}
        role="img"
        tabIndex={0}
        style={{ flexShrink: 0 }}
      >
        {count}
      </Badge>
    </Tooltip>
  );
}

/** Who solved a lab first in the classroom, under its name. */
export function FirstSolverNote({ name }: { name: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <IconDropletFilled size={12} color="var(--mantine-color-red-6)" aria-hidden />
      <Text size="xs" c="dimmed">
        First solved by {name}
      </Text>
    </Group>
  );
}
