import type { Target } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { myTargetPath } from './get-my-target';
import { setTarget } from './set-target';

export interface StartTargetInput {
  classroomId: string;
  labId: string;
}

/** A second start while one is active answers that one: a double click makes one target. */
export const startTarget = ({ classroomId, labId }: StartTargetInput): Promise<Target> =>
  api.post(myTargetPath(classroomId, labId));

export const useStartTarget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startTarget,
    onSuccess: (target) => setTarget(queryClient, target),
  });
};
