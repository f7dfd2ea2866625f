import {
  type CtfdMissingFiles,
  LAB_IMPORT_FIELD,
  type Lab,
  type LabImportReport,
  type LabTarget,
} from '@hackclass/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ImportLabsInput {
  file: File;
  /** A classroom the caller manages, to add the labs to; none: only into their library. */
  classroomId?: string | undefined;
  /** A CTFd challenge listing a file the upload lacks: imported without it, or skipped. */
  missingFiles: CtfdMissingFiles;
  /** Only say what the import would do. */
  dryRun: boolean;
}

export function importLabs({
  file,
  classroomId,
  missingFiles,
  dryRun,
}: ImportLabsInput): Promise<LabImportReport> {
  const body = new FormData();
  if (classroomId) body.append('classroomId', classroomId);
  body.append('missingFiles', missingFiles);
  body.append('dryRun', String(dryRun));
  body.append(LAB_IMPORT_FIELD, file, file.name);
  return api.post('/hacking-labs/import', { body });
}

/** Imports labs (or tries to); after an import the lab list, quota and classrooms are fetched again. */
export const useImportLabs = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importLabs,
    onSuccess: (report) =>
      !report.dryRun &&
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['hacking-labs'] }),
        queryClient.invalidateQueries({ queryKey: ['account-quota'] }),
        queryClient.invalidateQueries({ queryKey: ['classrooms'] }),
      ]),
  });
};

export interface AddImportedTargetInput {
  labId: string;
  target: LabTarget;
}

/** Gives an imported lab the target its archive defined, once its teacher has read it. */
export const addImportedTarget = ({ labId, target }: AddImportedTargetInput): Promise<Lab> =>
  api.post(`/hacking-labs/${encodeURIComponent(labId)}/target`, {
    body: target,
  });

export const useAddImportedTarget = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addImportedTarget,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['hacking-labs'] }),
  });
};
