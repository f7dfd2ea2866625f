import type { MemberStatus } from '@hackclass/contracts';
import { Badge } from '@mantine/core';

export const memberStatusLabels: Record<MemberStatus, string> = {
  Invited: 'Invited',
  PendingApproval: 'Pending approval',
  Accepted: 'Accepted',
};

const colors: Record<MemberStatus, string> = {
  Invited: 'blue',
  PendingApproval: 'yellow',
  Accepted: 'green',
};

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return (
    <Badge variant="light" color={colors[status]} size="sm">
      {memberStatusLabels[status]}
    </Badge>
  );
}
