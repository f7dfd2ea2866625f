import type { ClassroomSummary } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const classroomsPath = '/classrooms';

export const getClassrooms = (signal?: AbortSignal): Promise<ClassroomSummary[]> =>
  api.get(classroomsPath, { signal });

/** Every classroom the caller may see, with their own invitations and pending requests. */
export const getClassroomsQueryOptions = () =>
  queryOptions({
    queryKey: ['classrooms', 'list'],
    queryFn: ({ signal }) => getClassrooms(signal),
  });

export const useClassrooms = () => useQuery(getClassroomsQueryOptions());
