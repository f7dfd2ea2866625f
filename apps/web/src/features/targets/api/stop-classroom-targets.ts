import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

const stoppedSchema = {
  parse(data: unknown): { stopped: number } {
    const stopped = (data as { stopped?: unknown } | null)?.stopped;
    if (typeof stopped !== 'number') throw new TypeError('Expected { stopped: number }');
    return { stopped };
  },
};

export const stopClassroomTargets = (classroomId: string): Promise<{ stopped: number }> =>
  api.delete(`/classrooms/${encodeURIComponent(classroomId)}/targets`, { schema: stoppedSchema });

/** Stops every active target of the classroom. */
export const useStopClassroomTargets = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopClassroomTargets,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetKeys.all }),
    meta: { errorToast: 'Could not stop the targets. Please try again.' },
  });
};
