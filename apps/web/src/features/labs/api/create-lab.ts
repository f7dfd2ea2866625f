import type { Lab } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { UploadOptions } from '@/lib/upload-request';
import { getLabQueryOptions } from './get-lab';
import { getQuotaQueryOptions } from './get-quota';
import { type LabInput, toLabFormData } from './lab-form-data';

export const createLab = (input: LabInput, upload?: UploadOptions): Promise<Lab> =>
  api.post('/hacking-labs', { body: toLabFormData(input), upload });

export const useCreateLab = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, ...input }: LabInput & { upload?: UploadOptions }) =>
      createLab(input, upload),
    onSuccess: (lab) => {
      queryClient.setQueryData(getLabQueryOptions(lab.slug).queryKey, lab);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['hacking-labs', 'list'] }),
        queryClient.invalidateQueries({ queryKey: getQuotaQueryOptions().queryKey }),
      ]);
    },
  });
};
