import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export interface UserDeletion {
  userId: string;
  /** The account's email address, as the admin typed it to confirm. */
  typedEmail: string;
}

export const deleteUser = ({ userId, typedEmail }: UserDeletion): Promise<void> =>
  api.delete(`/users/${encodeURIComponent(userId)}`, { body: { email: typedEmail } });

/** Deletes someone else's account: the list of users follows. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
