import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { coTeachersPath, getCoTeachersQueryOptions } from './get-co-teachers';

export interface CoTeacherRef {
  classroomId: string;
  userId: string;
  /** The caller steps down: the classroom, and every list it is in, change for them. */
  self: boolean;
}

export const removeCoTeacher = ({ classroomId, userId }: CoTeacherRef): Promise<void> =>
  api.delete(`${coTeachersPath(classroomId)}/${encodeURIComponent(userId)}`);

/** Removing a co-teacher, or stepping down. */
export function useRemoveCoTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCoTeacher,
    meta: { errorToast: 'Could not remove the co-teacher. Please try again.' },
    onSuccess: (_data, { classroomId, self }) => {
      if (!self) {
        return queryClient.invalidateQueries({
          queryKey: getCoTeachersQueryOptions(classroomId).queryKey,
        });
      }
      // The classroom is out of reach now: its queries go, and the lists change.
      queryClient.removeQueries({ queryKey: ['classrooms', 'detail', classroomId] });
      return queryClient.invalidateQueries({ queryKey: ['classrooms', 'list'] });
    },
  });
}
