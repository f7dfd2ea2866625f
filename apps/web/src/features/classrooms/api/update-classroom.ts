import type { Classroom } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload-request';
import { type ClassroomInput, toClassroomFormData } from './classroom-form-data';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const updateClassroom = (
  id: string,
  input: ClassroomInput,
  upload?: UploadOptions,
): Promise<Classroom> =>
  api.put(`/classrooms/${encodeURIComponent(id)}`, {
    body: toClassroomFormData(input),
    upload,
  });

export function useUpdateClassroom(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, ...input }: ClassroomInput & { upload?: UploadOptions }) =>
      updateClassroom(id, input, upload),
    onSuccess: (classroom) => {
      queryClient.setQueryData(getClassroomQueryOptions(id).queryKey, classroom);
      return queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey });
    },
  });
}
