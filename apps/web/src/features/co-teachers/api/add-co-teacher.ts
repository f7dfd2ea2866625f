import type { CoTeacher } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { coTeachersPath, getCoTeachersQueryOptions } from './get-co-teachers';

export const addCoTeacher = (classroomId: string, email: string): Promise<CoTeacher> =>
  api.post(coTeachersPath(classroomId), { body: { email } });

export function useAddCoTeacher(classroomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => addCoTeacher(classroomId, email),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: getCoTeachersQueryOptions(classroomId).queryKey,
      }),
  });
}
