import type { Target } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

/** A student's one box: a second start answers the box already active. */
export const startBox = (classroomId: string): Promise<Target> =>
  api.post(`/classrooms/${encodeURIComponent(classroomId)}/box`);

export const useStartBox = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBox,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetKeys.box() }),
  });
};
