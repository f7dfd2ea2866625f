import type { GradebookSort } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { csvFileName } from '@/lib/csv';
import { saveFile } from '@/lib/save-file';

export interface GradebookDownload {
  classroomId: string;
  classroomName: string;
  sort: GradebookSort;
  search: string;
}

/**
 * The CSV the API writes, in the order and with the search shown. Fetched with the bearer token,
 * which a plain link would not carry; a gradebook is small enough to hold as a Blob.
 */
export async function downloadGradebook({
  classroomId,
  classroomName,
  sort,
  search,
}: GradebookDownload) {
  const params = new URLSearchParams({ sort });
  if (search.trim()) params.set('search', search.trim());
  const csv = await api.getBlob(
    `/classrooms/${encodeURIComponent(classroomId)}/gradebook.csv?${params}`,
  );
  saveFile(csv, csvFileName(classroomName, 'gradebook', new Date()));
}

export const useDownloadGradebook = () =>
  useMutation({
    mutationFn: downloadGradebook,
    meta: { errorToast: 'Could not download the gradebook. Please try again.' },
  });
