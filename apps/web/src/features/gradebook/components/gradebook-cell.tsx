import type { GradebookCell as Cell } from '@hackclass/contracts';
import { Badge, Group, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date-time';

/** What one lab earned a student: points with a late mark, or a dash; details on hover. */
export function GradebookCell({ cell }: { cell: Cell }) {
  const hints = cell.hintCost > 0 ? ` · hints −${cell.hintCost}` : '';
  if (!cell.solved || cell.solvedAt === null) {
    return (
      <Text span size="sm" c="dimmed" title={`Not solved${hints}`}>
        —
      </Text>
    );
  }
  return (
    <Group
      gap={6}
      wrap="nowrap"
      title={`Solved ${formatDateTime(cell.solvedAt)}${cell.late ? ' (late)' : ''}${hints}`}
    >
      <Text span size="sm" fw={600}>
        {cell.points}
      </Text>
      {cell.late && (
        <Badge size="xs" color="orange" variant="light">
          Late
        </Badge>
      )}
    </Group>
  );
}
