import type { AddClassroomLabRequest, ClassroomLabLink } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AddLabToClassroomInput extends AddClassroomLabRequest {
  classroomId: string;
}

export const addLabToClassroom = ({
  classroomId,
  ...body
}: AddLabToClassroomInput): Promise<ClassroomLabLink> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/hacking-labs`, {
    body,
  });

export const useAddLabToClassroom = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLabToClassroom,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
        queryClient.invalidateQueries({ queryKey: ['hacking-labs', 'detail'] }),
      ]),
  });
};
