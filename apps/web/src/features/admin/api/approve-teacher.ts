import type { ManagedUser } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast/toast';
import { api } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const approveTeacher = (userId: string): Promise<ManagedUser> =>
  api.post(`/users/${encodeURIComponent(userId)}/approve-teacher`);

/**
 * The user becomes a teacher with their next request, and is notified; one who teaches already
 * gets the full invitation allowance.
 */
export function useApproveTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveTeacher,
    meta: { errorToast: 'Could not approve the teacher. Please try again.' },
    onSuccess: () => {
      toast.success('Teacher approved');
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
