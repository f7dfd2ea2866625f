import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';
import { type MemberRef, removeMember } from './remove-member';

/**
 * A member leaving: the same call as removing them, but the classroom is no longer theirs to
 * see, so its page is marked stale without a refetch that would only answer 404.
 */
export function useLeaveClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: MemberRef) => removeMember(ref),
    meta: { errorToast: 'Could not leave the classroom. Please try again.' },
    onSuccess: (_data, { classroomId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
        queryClient.invalidateQueries({
          queryKey: getClassroomQueryOptions(classroomId).queryKey,
          refetchType: 'none',
        }),
      ]),
  });
}
