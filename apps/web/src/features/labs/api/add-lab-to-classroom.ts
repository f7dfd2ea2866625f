import { type ClassroomLabLink, classroomLabLinkSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface AddLabToClassroomInput {
  classroomId: string;
  hackingLabId: string;
}

export const addLabToClassroom = ({
  classroomId,
  hackingLabId,
}: AddLabToClassroomInput): Promise<ClassroomLabLink> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/hacking-labs`, {
    body: { hackingLabId },
    schema: classroomLabLinkSchema,
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
