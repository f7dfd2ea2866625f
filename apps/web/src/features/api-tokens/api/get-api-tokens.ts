import type { ApiTokenList } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getApiTokens = (signal?: AbortSignal): Promise<ApiTokenList> =>
  api.get('/users/me/api-tokens', { signal });

/** The signed-in person's tokens; everyone's, for admins, sit under the same prefix. */
export const apiTokensQueryKey = ['api-tokens'] as const;
const ownQueryKey = [...apiTokensQueryKey, 'own'] as const;

export const getApiTokensQueryOptions = () =>
  queryOptions({ queryKey: ownQueryKey, queryFn: ({ signal }) => getApiTokens(signal) });

export const useApiTokens = () => useQuery(getApiTokensQueryOptions());
