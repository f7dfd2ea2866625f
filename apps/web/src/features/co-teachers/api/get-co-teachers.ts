import type { CoTeacher } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const coTeachersPath = (classroomId: string) =>
  `/classrooms/${encodeURIComponent(classroomId)}/co-teachers`;

export const getCoTeachers = (classroomId: string, signal?: AbortSignal): Promise<CoTeacher[]> =>
  api.get(coTeachersPath(classroomId), { signal });

/** Under the classroom's key, so that whatever refreshes the classroom refreshes these too. */
export const getCoTeachersQueryOptions = (classroomId: string) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', classroomId, 'co-teachers'],
    queryFn: ({ signal }) => getCoTeachers(classroomId, signal),
  });

export const useCoTeachers = (classroomId: string) =>
  useQuery(getCoTeachersQueryOptions(classroomId));
