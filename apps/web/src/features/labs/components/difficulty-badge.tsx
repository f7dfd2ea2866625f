import type { LabDifficulty } from '@hackclass/contracts';
import { Badge } from '@mantine/core';

const colors: Record<LabDifficulty, string> = {
  Easy: 'green',
  Medium: 'yellow',
  Hard: 'orange',
  Insane: 'red',
};

export function DifficultyBadge({ difficulty }: { difficulty: LabDifficulty }) {
  return (
    <Badge color={colors[difficulty]} variant="light" radius={0} style={{ flexShrink: 0 }}>
      {difficulty}
    </Badge>
  );
}
