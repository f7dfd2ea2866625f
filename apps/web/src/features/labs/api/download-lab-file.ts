import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface DownloadLabFileInput {
  labId: string;
  fileId: string;
  fileName: string;
}

export const labFileDownloadPath = (labId: string, fileId: string) =>
  `/hacking-labs/${encodeURIComponent(labId)}/files/${encodeURIComponent(fileId)}`;

/** Fetches the file with the bearer token (a plain link would carry none) and saves it. */
export async function downloadLabFile({ labId, fileId, fileName }: DownloadLabFileInput) {
  const blob = await api.getBlob(labFileDownloadPath(labId, fileId));
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the save before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const useDownloadLabFile = () =>
  useMutation({
    mutationFn: downloadLabFile,
    meta: { errorToast: 'The file could not be downloaded. Please try again.' },
  });
