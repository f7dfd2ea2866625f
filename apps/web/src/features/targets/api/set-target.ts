import type { Target } from '@hackclass/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { targetKeys } from './keys';

/**
 * An action's answer is the target as it is now: the lab page's panel (or, for an attack box,
 * the terminal) shows it at once.
 */
export function setTarget(queryClient: QueryClient, target: Target) {
  queryClient.setQueryData(targetKeys.detail(target.id), target);
  if (target.labId === null) {
    void queryClient.invalidateQueries({ queryKey: targetKeys.box() });
    return;
  }
  queryClient.setQueryData(targetKeys.mine(target.classroomId, target.labId), { target });
}
