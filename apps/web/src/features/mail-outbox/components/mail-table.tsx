import type { OutboxMail } from '@hackclass/contracts';
import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatDateTime } from '@/lib/format-date-time';
import { mailKindLabel } from '../utils/mail-kind-labels';
import { MailStatusBadge } from './mail-status-badge';

interface MailTableProps {
  mails: OutboxMail[];
  onRetry: (mail: OutboxMail) => void;
  /** The mail whose retry is under way. */
  retryingId?: string | undefined;
}

/** When the mail went, or when it is tried next. */
function whenOf(mail: OutboxMail): string {
  if (mail.sentAt) return `Sent ${formatDateTime(mail.sentAt)}`;
  if (mail.status === 'queued' || mail.status === 'retrying') {
    return `Next try ${formatDateTime(mail.nextAttemptAt)}`;
  }
  return '';
}

/** The outbox's mails, newest first: to whom, what, where each stands and why it failed. */
export function MailTable({ mails, onRetry, retryingId }: MailTableProps) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing="sm" aria-label="Mail">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Mail</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mails.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {mail.to}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  <Text size="sm" fw={500}>
                    {mail.subject}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {mailKindLabel(mail.kind)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  <MailStatusBadge status={mail.status} />
                  {mail.lastError && mail.status !== 'sent' ? (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {mail.lastError}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {whenOf(mail)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>{mail.attempts}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(mail.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                {mail.status === 'failed' ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    loading={retryingId === mail.id}
                    onClick={() => onRetry(mail)}
                    aria-label={`Send again: the mail to ${mail.to}`}
                  >
                    Send again
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
