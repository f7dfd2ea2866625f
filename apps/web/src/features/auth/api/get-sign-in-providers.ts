import type { SignInProviderButton } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const signInProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: async ({ signal }) =>
      (await api.get<{ providers: SignInProviderButton[] }>('/auth/providers', { signal }))
        .providers,
    // Set up by an admin now and then: a minute of staleness is fine.
    staleTime: 60_000,
  });

/** The schools' providers the sign-in and sign-up pages offer a button for. */
export const useSignInProviders = () => useQuery(signInProvidersQueryOptions());
