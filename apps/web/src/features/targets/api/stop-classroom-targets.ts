import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

export const stopClassroomTargets = (classroomId: string): Promise<{ stopped: number }> =>
  api.delete(`/classrooms/${encodeURIComponent(classroomId)}/targets`);

/** Stops every active target of the classroom. */
export const useStopClassroomTargets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopClassroomTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetKeys.all }),
    meta: { errorToast: 'Could not stop the targets. Please try again.' },
  });
};
