import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMembership } from './invalidate-membership';

export interface MemberRef {
  classroomId: string;
  userId: string;
}

export const removeMember = ({ classroomId, userId }: MemberRef): Promise<void> =>
  api.delete(
    `/classrooms/${encodeURIComponent(classroomId)}/members/${encodeURIComponent(userId)}`,
  );

/** Removing a member, or oneself: declining, withdrawing, leaving. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    meta: { errorToast: 'Could not remove the membership. Please try again.' },
    onSuccess: (_data, { classroomId }) => invalidateMembership(queryClient, classroomId),
  });
}
