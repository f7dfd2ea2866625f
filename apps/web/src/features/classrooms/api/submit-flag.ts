import type { FlagSubmissionResult } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export interface SubmitFlagInput {
  classroomId: string;
  labId: string;
  flag: string;
}

export const submitFlag = ({
  classroomId,
  labId,
  flag,
}: SubmitFlagInput): Promise<FlagSubmissionResult> =>
  api.post(
    `/classrooms/${encodeURIComponent(classroomId)}/hacking-labs/${encodeURIComponent(labId)}/submissions`,
    { body: { flag } },
  );

export const useSubmitFlag = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFlag,
    onSuccess: (result, { classroomId }) => {
      // A new solve changes the lab's solved mark and count, the caller's points, and what the
      // dashboard says is due (the lists' key holds the activity).
      if (result.correct && !result.alreadySolved) {
        return Promise.all([
          queryClient.invalidateQueries({
            queryKey: getClassroomQueryOptions(classroomId).queryKey,
          }),
          queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
        ]);
      }
    },
  });
};
