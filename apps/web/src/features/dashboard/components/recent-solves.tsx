import type { UserActivity } from '@hackclass/contracts';
import { Badge } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { EmptyState } from '@/components/feedback/list-states';
import { RelativeTime } from '@/components/time/relative-time';
import { LabRows } from './lab-rows';

/** The user's latest solves, newest first. */
export function RecentSolves({ solves }: { solves: UserActivity['recentSolves'] }) {
  if (solves.length === 0) {
    return (
      <EmptyState icon={<IconFlag size={24} />} title="No solves yet">
        Open a hacking lab of one of your classrooms, find its flag and submit it: your solves and
        points show up here.
      </EmptyState>
    );
  }
  return (
    <LabRows
      label="Recent solves"
      rows={solves}
      aside={(solve) => (
        <>
          <Badge variant="light">+{solve.points} pts</Badge>
          <RelativeTime iso={solve.solvedAt} />
        </>
      )}
    />
  );
}
