import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { signInProvidersQueryKey } from './get-sign-in-providers';

export const deleteSignInProvider = (id: string): Promise<void> =>
  api.delete(`/admin/sign-in-providers/${encodeURIComponent(id)}`);

/** The provider's button goes; the accounts that signed in through it stay. */
export function useDeleteSignInProvider() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSignInProvider,
    meta: { errorToast: 'Could not delete the provider. Please try again.' },
    onSuccess: () => {
      toast.success('Provider deleted');
      return queryClient.invalidateQueries({ queryKey: signInProvidersQueryKey });
    },
  });
}
