import type { ProviderCheck } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkSignInProvider = async (id: string): Promise<ProviderCheck[]> =>
  (
    await api.post<{ checks: ProviderCheck[] }>(
      `/admin/sign-in-providers/${encodeURIComponent(id)}/check`,
    )
  ).checks;

/**
 * Asks the server to reach the provider as a sign-in would: its discovery document, its signing
 * keys, and whether it knows the client. It changes nothing, so nothing is invalidated.
 */
export const useCheckSignInProvider = () => useMutation({ mutationFn: checkSignInProvider });
