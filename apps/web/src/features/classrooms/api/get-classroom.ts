import type { Classroom } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const classroomPath = (id: string) => `/classrooms/${encodeURIComponent(id)}`;

export const getClassroom = (id: string, signal?: AbortSignal): Promise<Classroom> =>
  api.get(classroomPath(id), { signal });

/** One classroom; its members list and image live under this key too. */
export const getClassroomQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', id],
    queryFn: ({ signal }) => getClassroom(id, signal),
  });

export const useClassroom = (id: string, enabled = true) =>
  useQuery({ ...getClassroomQueryOptions(id), enabled });
