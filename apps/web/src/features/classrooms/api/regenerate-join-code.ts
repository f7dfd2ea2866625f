import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';

export const regenerateJoinCode = (id: string): Promise<{ joinCode: string }> =>
  api.post(`/classrooms/${encodeURIComponent(id)}/join-code`);

export function useRegenerateJoinCode(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateJoinCode(id),
    meta: { errorToast: 'Could not regenerate the join code. Please try again.' },
    onSuccess: ({ joinCode }) =>
      queryClient.setQueryData(getClassroomQueryOptions(id).queryKey, (classroom) =>
        classroom ? { ...classroom, joinCode } : classroom,
      ),
  });
}
