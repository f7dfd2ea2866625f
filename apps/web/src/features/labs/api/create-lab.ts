import { type CreateLabFields, LAB_FILES_FIELD, type Lab, labSchema } from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface CreateLabInput extends CreateLabFields {
  files: File[];
}

export const createLab = ({ files, ...fields }: CreateLabInput): Promise<Lab> => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, String(value));
  }
  for (const file of files) body.append(LAB_FILES_FIELD, file, file.name);
  return api.post('/hacking-labs', { body, schema: labSchema });
};

export const useCreateLab = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLab,
    onSuccess: (lab) => {
      queryClient.setQueryData(['hacking-labs', 'detail', lab.slug], lab);
      return queryClient.invalidateQueries({ queryKey: ['hacking-labs', 'list'] });
    },
  });
};
