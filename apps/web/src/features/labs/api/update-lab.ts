import type { Lab } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload-request';
import { getLabQueryOptions } from './get-lab';
import { getQuotaQueryOptions } from './get-quota';
import { type LabInput, toLabFormData } from './lab-form-data';

export interface UpdateLabInput extends LabInput {
  id: string;
  /** Files of the lab to delete. */
  removeFileIds: string[];
  upload?: UploadOptions;
}

export const updateLab = ({
  id,
  removeFileIds,
  upload,
  ...input
}: UpdateLabInput): Promise<Lab> => {
  const body = toLabFormData(input, { removeFileIds: JSON.stringify(removeFileIds) });
  return api.put(`/hacking-labs/${encodeURIComponent(id)}`, { body, upload });
};

export const useUpdateLab = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLab,
    onSuccess: (lab) => {
      queryClient.setQueryData(getLabQueryOptions(lab.slug).queryKey, lab);
      // Points count in every classroom using the lab: their leaderboards and lists change too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['hacking-labs', 'list'] }),
        queryClient.invalidateQueries({ queryKey: getQuotaQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
      ]);
    },
  });
};
