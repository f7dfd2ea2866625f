import { MAIL_OUTBOX_STATUSES, type MailOutboxStatus } from '@hackclass/contracts';
import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState, ListError, ListSkeleton } from '@/components/feedback/list-states';
import { PageControls } from '@/components/paging/page-controls';
import { useMailOutbox } from '../api/get-mail-outbox';
import { useRetryMail } from '../api/retry-mail';
import { statusLabels } from './mail-status-badge';
import { MailTable } from './mail-table';

const PAGE_SIZES = [25, 50, 100] as const;
const ALL = 'all';

/** The outbox: mails by status with their counts, paged, and failed ones sent again. */
export function MailPanel() {
  const [status, setStatus] = useState<MailOutboxStatus | null>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const mail = useMailOutbox({ status, page, pageSize });
  const retry = useRetryMail();

  const counts = mail.data?.counts;
  const everything = counts ? Object.values(counts).reduce((sum, count) => sum + count, 0) : null;
  const labelled = (label: string, count: number | null | undefined) =>
    count === null || count === undefined ? label : `${label} (${count})`;
  const total = mail.data?.total ?? 0;
  const pageCount = Math.max(1, mail.data?.pageCount ?? 1);
  if (mail.data && page > pageCount) setPage(pageCount);

  return (
    <Stack>
      <SegmentedControl
        aria-label="Status"
        value={status ?? ALL}
        onChange={(value) => {
          setStatus(value === ALL ? null : (value as MailOutboxStatus));
          setPage(1);
        }}
        data={[
          { value: ALL, label: labelled('All', everything) },
          ...MAIL_OUTBOX_STATUSES.map((value) => ({
            value,
            label: labelled(statusLabels[value], counts?.[value]),
          })),
        ]}
        style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
      />

      {mail.isError && mail.data && (
        <Text size="sm" c="dimmed" role="status">
          Could not refresh the mail; showing what was loaded before.
        </Text>
      )}
      {mail.isPending ? (
        <ListSkeleton label="Loading mail" rows={5} rowHeight={40} />
      ) : !mail.data ? (
        <ListError message="Could not load the mail." onRetry={() => void mail.refetch()} />
      ) : mail.data.items.length === 0 ? (
        <EmptyState icon={<IconMail size={24} />} title="No mail here">
          {status
            ? `No mail is ${statusLabels[status].toLowerCase()}.`
            : 'Mail the product sends (verifications, resets, invitations) shows up here.'}
        </EmptyState>
      ) : (
        <Paper withBorder style={{ opacity: mail.isPlaceholderData ? 0.6 : 1 }}>
          <MailTable
            mails={mail.data.items}
            onRetry={(failed) => retry.mutate(failed.id)}
            retryingId={retry.isPending ? retry.variables : undefined}
          />
        </Paper>
      )}

      <PageControls
        counted={total === 1 ? '1 mail' : `${total} mails`}
        page={page}
        pageCount={pageCount}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES}
        onPage={setPage}
        onPageSize={setPageSize}
      />
    </Stack>
  );
}
