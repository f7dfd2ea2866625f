import type { SignInProvider } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getSignInProviders = async (signal?: AbortSignal): Promise<SignInProvider[]> =>
  (await api.get<{ providers: SignInProvider[] }>('/admin/sign-in-providers', { signal }))
    .providers;

/** The admins' list, with every setting but the client secrets; changes invalidate it. */
export const signInProvidersQueryKey = ['admin', 'sign-in-providers'] as const;

export const getSignInProvidersQueryOptions = () =>
  queryOptions({
    queryKey: signInProvidersQueryKey,
    queryFn: ({ signal }) => getSignInProviders(signal),
  });

export const useSignInProviders = () => useQuery(getSignInProvidersQueryOptions());
