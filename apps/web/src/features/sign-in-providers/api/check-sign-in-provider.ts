import { type ProviderCheck, providerCheckSchema } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const checksSchema = z.object({ checks: z.array(providerCheckSchema) });

export const checkSignInProvider = async (id: string): Promise<ProviderCheck[]> =>
  (
    await api.post(`/admin/sign-in-providers/${encodeURIComponent(id)}/check`, {
      schema: checksSchema,
    })
  ).checks;

/**
 * Asks the server to reach the provider as a sign-in would: its discovery document, its signing
 * keys, and whether it knows the client. It changes nothing, so nothing is invalidated.
 */
export const useCheckSignInProvider = () => useMutation({ mutationFn: checkSignInProvider });
