import type { Me } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { messages } from '@/config/messages';
import { api } from '@/lib/api-client';

/** The schemas come with all of Zod: a visitor who is not signed in never loads them. */
export async function getMe(signal?: AbortSignal): Promise<Me> {
  const { meSchema } = await import('@hackclass/contracts');
  return api.get('/users/me', { schema: meSchema, signal });
}

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
