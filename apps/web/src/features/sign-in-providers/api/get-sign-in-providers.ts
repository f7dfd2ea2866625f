import { type SignInProvider, signInProviderSchema } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const providerListSchema = z.object({ providers: z.array(signInProviderSchema) });

export const getSignInProviders = async (signal?: AbortSignal): Promise<SignInProvider[]> =>
  (await api.get('/admin/sign-in-providers', { schema: providerListSchema, signal })).providers;

/** The admins' list, with every setting but the client secrets; changes invalidate it. */
export const signInProvidersQueryKey = ['admin', 'sign-in-providers'] as const;

export const getSignInProvidersQueryOptions = () =>
  queryOptions({
    queryKey: signInProvidersQueryKey,
    queryFn: ({ signal }) => getSignInProviders(signal),
  });

export const useSignInProviders = () => useQuery(getSignInProvidersQueryOptions());
