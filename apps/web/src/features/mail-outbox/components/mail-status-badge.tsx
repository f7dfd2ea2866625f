import type { MailOutboxStatus } from '@hackclass/contracts';
import { Badge } from '@mantine/core';

export const statusLabels: Record<MailOutboxStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  sent: 'Sent',
  failed: 'Failed',
};

const colors: Record<MailOutboxStatus, string> = {
  queued: 'gray',
  sending: 'blue',
  retrying: 'yellow',
  sent: 'green',
  failed: 'red',
};

export function MailStatusBadge({ status }: { status: MailOutboxStatus }) {
  return (
    <Badge size="sm" variant="light" color={colors[status]} autoContrast>
      {statusLabels[status]}
    </Badge>
  );
}
