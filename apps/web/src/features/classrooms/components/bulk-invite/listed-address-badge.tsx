import type { InvitationOutcome, ListedAddressStatus } from '@hackclass/contracts';
import { Badge } from '@mantine/core';

export const listedAddressLabels: Record<ListedAddressStatus, string> = {
  new: 'New',
  already_member: 'Already a member',
  already_invited: 'Already invited',
  invalid: 'Invalid',
  duplicate: 'Duplicate',
};

const statusColors: Record<ListedAddressStatus, string> = {
  new: 'green',
  already_member: 'gray',
  already_invited: 'blue',
  invalid: 'red',
  duplicate: 'yellow',
};

export const outcomeLabels: Record<InvitationOutcome, string> = {
  invited: 'Invited',
  skipped: 'Skipped',
  failed: 'Failed',
};

const outcomeColors: Record<InvitationOutcome, string> = {
  invited: 'green',
  skipped: 'gray',
  failed: 'red',
};

export const ListedAddressBadge = ({ status }: { status: ListedAddressStatus }) => (
  <Badge variant="light" color={statusColors[status]} size="sm">
    {listedAddressLabels[status]}
  </Badge>
);

export const OutcomeBadge = ({ outcome }: { outcome: InvitationOutcome }) => (
  <Badge variant="light" color={outcomeColors[outcome]} size="sm">
    {outcomeLabels[outcome]}
  </Badge>
);
