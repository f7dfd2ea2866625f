import type { SignInProvider, SignInProviderInput } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { signInProvidersQueryKey } from './get-sign-in-providers';

/** Adds the provider or changes it; without `clientSecret`, a change keeps the stored one. */
export const saveSignInProvider = ({
  id,
  ...settings
}: SignInProviderInput): Promise<SignInProvider> =>
  api.put(`/admin/sign-in-providers/${encodeURIComponent(id)}`, {
    body: settings,
  });

/** The form shows what went wrong, on its fields or above them: no toast for failures. */
export function useSaveSignInProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSignInProvider,
    onSuccess: (provider) => {
      toast.success(`${provider.displayName} saved`);
      return queryClient.invalidateQueries({ queryKey: signInProvidersQueryKey });
    },
  });
}
