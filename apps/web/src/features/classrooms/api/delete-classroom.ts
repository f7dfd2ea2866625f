import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messages } from '@/config/messages';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const deleteClassroom = (id: string): Promise<void> =>
  api.delete(`/classrooms/${encodeURIComponent(id)}`);

export function useDeleteClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClassroom,
    meta: { errorToast: messages.classroomDeleteFailed },
    onSuccess: (_data, id) => {
      // The classroom leaves the list at once, and its own queries go.
      const listKey = getClassroomsQueryOptions().queryKey;
      queryClient.setQueryData(listKey, (list) => list?.filter((classroom) => classroom.id !== id));
      queryClient.removeQueries({ queryKey: getClassroomQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
}
