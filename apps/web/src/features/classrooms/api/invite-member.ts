import type { Invitation } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMembership } from './invalidate-membership';

export const inviteMember = (classroomId: string, userEmail: string): Promise<Invitation> =>
  api.post(
    `/classrooms/${encodeURIComponent(classroomId)}/members?${new URLSearchParams({ userEmail })}`,
  );

export function useInviteMember(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userEmail: string) => inviteMember(classroomId, userEmail),
    onSuccess: () => invalidateMembership(queryClient, classroomId),
  });
}
