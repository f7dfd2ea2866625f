import { useQuery } from '@tanstack/react-query';
import { getClassroomsQueryOptions } from '@/features/classrooms/api/get-classrooms';
import type { BoxClassroom } from '@/features/targets/components/box-panel';
import { getRuntimeConfig } from '@/lib/runtime-config';

/**
 * The classrooms the user may start an attack box from (those they are an accepted member of),
 * asked only where this server runs boxes; undefined while they load.
 */
export function useBoxClassrooms(): BoxClassroom[] | undefined {
  const enabled = getRuntimeConfig().targets.attackBoxes;
  const classrooms = useQuery({ ...getClassroomsQueryOptions(), enabled });
  return classrooms.data
    ?.filter((classroom) => classroom.myStatus === 'Accepted')
    .map(({ id, name }) => ({ id, name }));
}
