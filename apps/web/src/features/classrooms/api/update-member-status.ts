import type { MemberStatus, Membership } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMembership } from './invalidate-membership';

export interface MemberStatusChange {
  classroomId: string;
  userId: string;
  status: MemberStatus;
}

export const updateMemberStatus = ({
  classroomId,
  userId,
  status,
}: MemberStatusChange): Promise<Membership> =>
  api.patch(
    `/classrooms/${encodeURIComponent(classroomId)}/members/${encodeURIComponent(userId)}`,
    { body: { status } },
  );

/** Accepting an invitation (the invitee) or approving a request (the teacher). */
export function useUpdateMemberStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberStatus,
    meta: { errorToast: 'Could not change the membership. Please try again.' },
    onSuccess: (_data, { classroomId }) => invalidateMembership(queryClient, classroomId),
  });
}
