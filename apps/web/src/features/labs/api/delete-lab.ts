import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQuotaQueryOptions } from './get-quota';

export interface DeleteLabInput {
  id: string;
  /** Also removes it from the classrooms that use it (otherwise a 409 `lab_in_use`). */
  force?: boolean;
}

export const deleteLab = ({ id, force }: DeleteLabInput): Promise<void> =>
  api.delete(`/hacking-labs/${encodeURIComponent(id)}${force ? '?force=true' : ''}`);

export const useDeleteLab = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLab,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['hacking-labs', 'detail'] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['hacking-labs', 'list'] }),
        queryClient.invalidateQueries({ queryKey: getQuotaQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
      ]);
    },
  });
};
