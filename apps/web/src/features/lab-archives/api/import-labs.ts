import {
  LAB_IMPORT_FIELD,
  type LabImportReport,
  labImportReportSchema,
} from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ImportLabsInput {
  file: File;
  /** A classroom the caller manages, to add the labs to; none: only into their library. */
  classroomId?: string | undefined;
}

export function importLabs({ file, classroomId }: ImportLabsInput): Promise<LabImportReport> {
  const body = new FormData();
  if (classroomId) body.append('classroomId', classroomId);
  body.append(LAB_IMPORT_FIELD, file, file.name);
  return api.post('/hacking-labs/import', { body, schema: labImportReportSchema });
}

/** Imports labs; the lab list, the quota and the classrooms are fetched again. */
export const useImportLabs = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLabs,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['hacking-labs'] }),
        queryClient.invalidateQueries({ queryKey: ['account-quota'] }),
        queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
      ]),
  });
};
