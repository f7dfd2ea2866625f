import type { ClassroomSummary } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const getClassrooms = (signal?: AbortSignal): Promise<ClassroomSummary[]> =>
  api.get('/classrooms', { signal });

/**
 * The caller's classrooms, for choosing where a lab goes. Under the `classrooms` key so that
 * any classroom change elsewhere invalidates it too.
 */
export const getClassroomChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['classrooms', 'list', 'lab-targets'],
    queryFn: ({ signal }) => getClassrooms(signal),
  });

/** Classrooms the caller manages, as the API says. */
export const useManagedClassrooms = () =>
  useQuery({
    ...getClassroomChoicesQueryOptions(),
    select: (classrooms) => classrooms.filter((classroom) => classroom.can.manage),
  });
