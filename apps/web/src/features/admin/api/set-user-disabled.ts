import type { ManagedUser } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export interface DisabledChange {
  userId: string;
  disabled: boolean;
}

export const setUserDisabled = ({ userId, disabled }: DisabledChange): Promise<ManagedUser> =>
  api.post(`/users/${encodeURIComponent(userId)}/${disabled ? 'disable' : 'enable'}`);

/** Disabling signs the user out everywhere: the API refuses them from their next request. */
export function useSetUserDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserDisabled,
    meta: { errorToast: 'Could not change the account. Please try again.' },
    onSuccess: (_user, { disabled }) => {
      toast.success(disabled ? 'Account disabled' : 'Account enabled');
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
