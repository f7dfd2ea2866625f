import type { UpdateClassroomLabRequest } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const updateClassroomLab = (
  classroomId: string,
  labId: string,
  body: UpdateClassroomLabRequest,
): Promise<void> =>
  api.patch(
    `/classrooms/${encodeURIComponent(classroomId)}/hacking-labs/${encodeURIComponent(labId)}`,
    { body },
  );

/**
 * Changes a lab's schedule and unlock path in the classroom, then refreshes it and the lists
 * (the dashboard's due dates among them); the form shows refusals.
 */
export function useUpdateClassroomLab(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ labId, body }: { labId: string; body: UpdateClassroomLabRequest }) =>
      updateClassroomLab(classroomId, labId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getClassroomQueryOptions(classroomId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
      ]),
  });
}
