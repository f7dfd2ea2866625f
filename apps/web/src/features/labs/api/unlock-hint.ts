import type { ClassroomHint } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomHintsQueryOptions, labInClassroom } from './get-classroom-hints';

export interface UnlockHintInput {
  classroomId: string;
  labId: string;
  hintId: string;
}

export const unlockHint = ({
  classroomId,
  labId,
  hintId,
}: UnlockHintInput): Promise<ClassroomHint> =>
  api.post(`${labInClassroom(classroomId, labId)}/hints/${encodeURIComponent(hintId)}/unlock`);

export const useUnlockHint = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockHint,
    onSuccess: (hint, { classroomId, labId }) => {
      const { queryKey } = getClassroomHintsQueryOptions(classroomId, labId);
      queryClient.setQueryData(queryKey, (hints) =>
        hints?.map((item) => (item.id === hint.id ? hint : item)),
      );
      // The cost comes off the lab's points: the caller's standing in the classroom moves.
      return queryClient.invalidateQueries({
        queryKey: ['classrooms', 'detail', classroomId],
        exact: true,
      });
    },
  });
};
