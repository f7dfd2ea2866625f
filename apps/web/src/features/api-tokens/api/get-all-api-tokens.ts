import type { ApiTokenPage } from '@hackclass/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiTokensQueryKey } from './get-api-tokens';

export interface ApiTokenFilter {
  search: string;
  page: number;
  pageSize: number;
}

export const getAllApiTokens = (
  { search, page, pageSize }: ApiTokenFilter,
  signal?: AbortSignal,
): Promise<ApiTokenPage> => {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  const term = search.trim();
  if (term) params.set('search', term);
  return api.get(`/api-tokens?${params}`, { signal });
};

export const getAllApiTokensQueryOptions = (filter: ApiTokenFilter) =>
  queryOptions({
    queryKey: [...apiTokensQueryKey, 'all', { ...filter, search: filter.search.trim() }],
    queryFn: ({ signal }) => getAllApiTokens(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useAllApiTokens = (filter: ApiTokenFilter) =>
  useQuery(getAllApiTokensQueryOptions(filter));
