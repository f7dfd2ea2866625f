import { type Lab, labSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getLabQueryOptions } from './get-lab';
import { getQuotaQueryOptions } from './get-quota';
import { type LabInput, toLabFormData } from './lab-form-data';

export const createLab = (input: LabInput): Promise<Lab> =>
  api.post('/hacking-labs', { body: toLabFormData(input), schema: labSchema });

export const useCreateLab = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLab,
    onSuccess: (lab) => {
      queryClient.setQueryData(getLabQueryOptions(lab.slug).queryKey, lab);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ['hacking-labs', 'list'] }),
        queryClient.invalidateQueries({ queryKey: getQuotaQueryOptions().queryKey }),
      ]);
    },
  });
};
