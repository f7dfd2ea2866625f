import type { Me } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@/config/messages';
import { api } from '@/lib/api-client';

export const mePath = '/users/me';

export const getMe = (signal?: AbortSignal): Promise<Me> => api.get(mePath, { signal });

/** The product's user behind the signed-in account; keyed by uid so accounts never mix. */
export const getMeQueryOptions = (uid: string | undefined) =>
  queryOptions({
    queryKey: ['users', 'me', uid],
    queryFn: ({ signal }) => getMe(signal),
    enabled: uid !== undefined,
    staleTime: 5 * 60_000,
    // A teacher awaiting approval learns of it within a minute, without reloading.
    refetchInterval: (query) => (query.state.data?.awaitingTeacherApproval ? 60_000 : false),
    // Failing to fetch the user signs them out.
    meta: { signOutOnError: messages.generic },
  });

export const useMe = (uid: string | undefined) => useQuery(getMeQueryOptions(uid));
