import type { Membership } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMembership } from './invalidate-membership';

export const joinClassroom = (classroomCode: string): Promise<Membership> =>
  api.post('/classrooms/join', { body: { classroomCode } });

export function useJoinClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinClassroom,
    onSuccess: (membership) => invalidateMembership(queryClient, membership.classroomId),
  });
}
