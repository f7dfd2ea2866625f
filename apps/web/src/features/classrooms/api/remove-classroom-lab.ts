import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const removeClassroomLab = (classroomId: string, labId: string): Promise<void> =>
  api.delete(
    `/classrooms/${encodeURIComponent(classroomId)}/hacking-labs/${encodeURIComponent(labId)}`,
  );

export function useRemoveClassroomLab(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (labId: string) => removeClassroomLab(classroomId, labId),
    meta: { errorToast: 'Could not remove the lab from the classroom. Please try again.' },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getClassroomQueryOptions(classroomId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
      ]),
  });
}
