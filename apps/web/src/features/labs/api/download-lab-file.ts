import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

export interface DownloadLabFileInput {
  labId: string;
  fileId: string;
  fileName: string;
}

export const labFileDownloadPath = (labId: string, fileId: string) =>
  `/hacking-labs/${encodeURIComponent(labId)}/files/${encodeURIComponent(fileId)}`;

/** Fetches the file with the bearer token (a plain link would carry none) and saves it. */
export async function downloadLabFile({ labId, fileId, fileName }: DownloadLabFileInput) {
  saveFile(await api.getBlob(labFileDownloadPath(labId, fileId)), fileName);
}

export const useDownloadLabFile = () =>
  useMutation({
    mutationFn: downloadLabFile,
    meta: { errorToast: 'The file could not be downloaded. Please try again.' },
  });
