import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMembership } from './invalidate-membership';

export interface InvitationRef {
  classroomId: string;
  email: string;
}

export const withdrawInvitation = ({ classroomId, email }: InvitationRef): Promise<void> =>
  api.delete(
    `/classrooms/${encodeURIComponent(classroomId)}/members?${new URLSearchParams({ userEmail: email })}`,
  );

/** Taking back an invitation not yet accepted, by the email it went to. */
export function useWithdrawInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawInvitation,
    meta: { errorToast: 'Could not withdraw the invitation. Please try again.' },
    onSuccess: (_data, { classroomId }) => invalidateMembership(queryClient, classroomId),
  });
}
