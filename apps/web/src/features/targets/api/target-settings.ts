import type { ClassroomTargetSettings } from '@hackclass/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { targetKeys } from './keys';

const settingsPath = (classroomId: string) =>
  `/classrooms/${encodeURIComponent(classroomId)}/target-settings`;

export const getTargetSettings = (
  classroomId: string,
  signal?: AbortSignal,
): Promise<ClassroomTargetSettings> => api.get(settingsPath(classroomId), { signal });

export const getTargetSettingsQueryOptions = (classroomId: string) =>
  queryOptions({
    queryKey: targetKeys.settings(classroomId),
    queryFn: ({ signal }) => getTargetSettings(classroomId, signal),
  });

export const useTargetSettings = (classroomId: string) =>
  useQuery(getTargetSettingsQueryOptions(classroomId));

export interface UpdateTargetSettingsInput extends ClassroomTargetSettings {
  classroomId: string;
}

export const updateTargetSettings = ({
  classroomId,
  ...settings
}: UpdateTargetSettingsInput): Promise<ClassroomTargetSettings> =>
  api.put(settingsPath(classroomId), { body: settings });

export const useUpdateTargetSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTargetSettings,
    onSuccess: (settings, { classroomId }) =>
      queryClient.setQueryData(targetKeys.settings(classroomId), settings),
  });
};
