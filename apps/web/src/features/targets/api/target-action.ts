import type { Target } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';
import { setTarget } from './set-target';

const targetPath = (targetId: string) => `/targets/${encodeURIComponent(targetId)}`;

export const extendTarget = (targetId: string): Promise<Target> =>
  api.post(`${targetPath(targetId)}/extend`);

/** A new target replaces the old one (with a new flag in per-student mode). */
export const resetTarget = (targetId: string): Promise<Target> =>
  api.post(`${targetPath(targetId)}/reset`);

export const stopTarget = (targetId: string): Promise<Target> => api.delete(targetPath(targetId));

const actions = { extend: extendTarget, reset: resetTarget, stop: stopTarget };
export type TargetAction = keyof typeof actions;

/** Extend, reset or stop: the answer replaces the target shown, and the Targets views refresh. */
export const useTargetAction = (action: TargetAction) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actions[action],
    onSuccess: (target) => {
      setTarget(queryClient, target);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: targetKeys.classroom(target.classroomId) }),
        queryClient.invalidateQueries({ queryKey: targetKeys.everyone }),
      ]);
    },
  });
};
