import type { AddClassroomLabRequest, ClassroomLabLink } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const addClassroomLab = (
  classroomId: string,
  body: AddClassroomLabRequest,
): Promise<ClassroomLabLink> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/hacking-labs`, {
    body,
  });

export function useAddClassroomLab(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddClassroomLabRequest) => addClassroomLab(classroomId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getClassroomQueryOptions(classroomId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
      ]),
  });
}
