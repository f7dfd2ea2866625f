import type { LabFileLink } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFrom } from '@/lib/save-file';

export interface DownloadLabFileInput {
  labId: string;
  fileId: string;
  fileName: string;
}

export const labFileDownloadPath = (labId: string, fileId: string) =>
  `/hacking-labs/${encodeURIComponent(labId)}/files/${encodeURIComponent(fileId)}`;

/**
 * Asks the API for a short-lived download link (a plain link would carry no bearer token) and
 * lets the browser download it, straight to disk.
 */
export async function downloadLabFile({ labId, fileId, fileName }: DownloadLabFileInput) {
  const { url } = await api.post<LabFileLink>(`${labFileDownloadPath(labId, fileId)}/link`);
  downloadFrom(url, fileName);
}

export const useDownloadLabFile = () =>
  useMutation({
    mutationFn: downloadLabFile,
    meta: { errorToast: 'The file could not be downloaded. Please try again.' },
  });
