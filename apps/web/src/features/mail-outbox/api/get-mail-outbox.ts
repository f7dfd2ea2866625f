import type { MailOutbox, MailOutboxStatus } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface MailFilter {
  /** `null`: every status. */
  status: MailOutboxStatus | null;
  page: number;
  pageSize: number;
}

export const getMailOutbox = (
  { status, page, pageSize }: MailFilter,
  signal?: AbortSignal,
): Promise<MailOutbox> => {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (status) params.set('status', status);
  return api.get(`/admin/mail?${params}`, { signal });
};

/** Every page shares the `['mail', 'outbox']` prefix, which a retry invalidates. */
export const mailOutboxQueryKey = ['mail', 'outbox'] as const;

export const getMailOutboxQueryOptions = (filter: MailFilter) =>
  queryOptions({
    queryKey: [...mailOutboxQueryKey, filter],
    queryFn: ({ signal }) => getMailOutbox(filter, signal),
    placeholderData: keepPreviousData,
    // Mail moves on its own: queued mails are sent, retries come due.
    refetchInterval: 10_000,
  });

export const useMailOutbox = (filter: MailFilter) => useQuery(getMailOutboxQueryOptions(filter));
