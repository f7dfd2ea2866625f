import type { ClassroomLab } from '@hackclass/contracts';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconTrendingDown } from '@tabler/icons-react';

const DYNAMIC_HINT = 'Dynamic scoring: each solve here lowers the value for every solver';

/** What a lab of the classroom is worth now; a dynamic lab's value is marked as falling. */
export function LabPoints({ lab }: { lab: Pick<ClassroomLab, 'points' | 'scoring'> }) {
  if (lab.scoring === 'fixed') return <>{lab.points}</>;
  return (
    <Tooltip label={DYNAMIC_HINT} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Group
        gap={4}
        justify="flex-end"
        wrap="nowrap"
        tabIndex={0}
        aria-label={`${lab.points} points now. ${DYNAMIC_HINT}`}
      >
        <IconTrendingDown size={14} color="var(--mantine-color-orange-6)" aria-hidden />
        <Text span inherit>
          {lab.points}
        </Text>
      </Group>
    </Tooltip>
  );
}
