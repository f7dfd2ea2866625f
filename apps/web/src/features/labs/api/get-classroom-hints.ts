import type { ClassroomHint } from '@hackclass/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The API path of a lab within a classroom. */
export const labInClassroom = (classroomId: string, labId: string) =>
  `/classrooms/${encodeURIComponent(classroomId)}/hacking-labs/${encodeURIComponent(labId)}`;

export const getClassroomHints = (
  classroomId: string,
  labId: string,
  signal?: AbortSignal,
): Promise<ClassroomHint[]> =>
  api.get(`${labInClassroom(classroomId, labId)}/hints`, {
    signal,
  });

/** Under the classroom's key: its live events refresh the hints with the rest of it. */
export const getClassroomHintsQueryOptions = (classroomId: string, labId: string) =>
  queryOptions({
    queryKey: ['classrooms', 'detail', classroomId, 'hints', labId],
    queryFn: ({ signal }) => getClassroomHints(classroomId, labId, signal),
  });

export const useClassroomHints = (classroomId: string, labId: string) =>
  useQuery(getClassroomHintsQueryOptions(classroomId, labId));
