import { LAB_ARCHIVE_SUFFIX } from '@hackclass/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveFile } from '@/lib/save-file';

/** What to export: one lab, or a classroom's labs. */
export type ArchiveSource =
  | { kind: 'lab'; labId: string; slug: string }
  | { kind: 'classroom'; classroomId: string; name: string };

const pathOf = (source: ArchiveSource) =>
  source.kind === 'lab'
    ? `/hacking-labs/${encodeURIComponent(source.labId)}/export`
    : `/classrooms/${encodeURIComponent(source.classroomId)}/hacking-labs/export`;

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'classroom';

export const archiveFileName = (source: ArchiveSource) =>
  `${source.kind === 'lab' ? source.slug : `${slugOf(source.name)}-labs`}${LAB_ARCHIVE_SUFFIX}`;

/**
 * Fetches the archive behind the bearer token and offers it as a download. The archive holds the
 * labs' flags, so it is never reachable by a plain link.
 */
export async function exportArchive(source: ArchiveSource) {
  saveFile(await api.getBlob(pathOf(source)), archiveFileName(source));
}

export const useExportArchive = () =>
  useMutation({
    mutationFn: exportArchive,
    meta: { errorToast: 'The export could not be made. Please try again.' },
  });
