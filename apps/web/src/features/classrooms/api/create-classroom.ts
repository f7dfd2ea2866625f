import type { Classroom } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload-request';
import { type ClassroomInput, toClassroomFormData } from './classroom-form-data';
import { getClassroomsQueryOptions } from './get-classrooms';

export const createClassroom = (
  input: ClassroomInput,
  upload?: UploadOptions,
): Promise<Classroom> => api.post('/classrooms', { body: toClassroomFormData(input), upload });

export function useCreateClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, ...input }: ClassroomInput & { upload?: UploadOptions }) =>
      createClassroom(input, upload),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
  });
}
