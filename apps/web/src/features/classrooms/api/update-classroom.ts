import { type Classroom, classroomSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ClassroomInput, toClassroomFormData } from './classroom-form-data';
import { getClassroomQueryOptions } from './get-classroom';
import { getClassroomsQueryOptions } from './get-classrooms';

export const updateClassroom = (id: string, input: ClassroomInput): Promise<Classroom> =>
  api.put(`/classrooms/${encodeURIComponent(id)}`, {
    body: toClassroomFormData(input),
    schema: classroomSchema,
  });

export function useUpdateClassroom(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClassroomInput) => updateClassroom(id, input),
    onSuccess: (classroom) => {
      queryClient.setQueryData(getClassroomQueryOptions(id).queryKey, classroom);
      return queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey });
    },
  });
}
