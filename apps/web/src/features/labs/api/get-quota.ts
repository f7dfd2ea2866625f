import type { AccountQuota } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getQuota = (signal?: AbortSignal): Promise<AccountQuota> =>
  api.get('/users/me/quota', { signal });

/** What the caller's labs and files use of their quotas, and each lab upload's limits. */
export const getQuotaQueryOptions = () =>
  queryOptions({ queryKey: ['account-quota'], queryFn: ({ signal }) => getQuota(signal) });

export const useQuota = () => useQuery(getQuotaQueryOptions());
