import { signInProviderButtonSchema } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const buttonsSchema = z.object({ providers: z.array(signInProviderButtonSchema) });

export const signInProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: async ({ signal }) =>
      (await api.get('/auth/providers', { schema: buttonsSchema, signal })).providers,
    // Set up by an admin now and then: a minute of staleness is fine.
    staleTime: 60_000,
  });

/** The schools' providers the sign-in and sign-up pages offer a button for. */
export const useSignInProviders = () => useQuery(signInProvidersQueryOptions());
