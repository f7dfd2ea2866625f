import type { Target } from '@hackclass/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { targetKeys } from './keys';

/** An action's answer is the target as it is now: the lab page's panel shows it at once. */
export function setTarget(queryClient: QueryClient, target: Target) {
  queryClient.setQueryData(targetKeys.detail(target.id), target);
  queryClient.setQueryData(targetKeys.mine(target.classroomId, target.labId), { target });
}
