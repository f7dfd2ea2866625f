import { type ClassroomLabLink, classroomLabLinkSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@/config/messages';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const addClassroomLab = (
  classroomId: string,
  hackingLabId: string,
): Promise<ClassroomLabLink> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/hacking-labs`, {
    body: { hackingLabId },
    schema: classroomLabLinkSchema,
  });

export function useAddClassroomLab(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hackingLabId: string) => addClassroomLab(classroomId, hackingLabId),
    meta: { errorToast: messages.classroomLabAddFailed },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getClassroomQueryOptions(classroomId).queryKey }),
        queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
      ]),
  });
}
