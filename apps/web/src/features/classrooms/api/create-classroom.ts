import { type Classroom, classroomSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type ClassroomInput, toClassroomFormData } from './classroom-form-data';
import { getClassroomsQueryOptions } from './get-classrooms';

export const createClassroom = (input: ClassroomInput): Promise<Classroom> =>
  api.post('/classrooms', { body: toClassroomFormData(input), schema: classroomSchema });

export function useCreateClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClassroom,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: getClassroomsQueryOptions().queryKey }),
  });
}
