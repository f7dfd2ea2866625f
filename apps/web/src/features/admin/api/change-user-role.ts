import type { ManagedUser, RoleId } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export interface RoleChange {
  userId: string;
  roleId: RoleId;
}

export const changeUserRole = ({ userId, roleId }: RoleChange): Promise<ManagedUser> =>
  api.patch(`/users/${encodeURIComponent(userId)}/role`, {
    body: { roleId },
  });

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    meta: { errorToast: 'Could not change the role. Please try again.' },
    onSuccess: () => {
      toast.success('Role changed');
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
