import { createHash } from 'node:crypto';
import {
  LAB_ARCHIVE_FORMAT,
  LAB_ARCHIVE_VERSION,
  LAB_SET_ARCHIVE_FORMAT,
  labArchiveManifestSchema,
  labSetArchiveManifestSchema,
} from '@hackclass/contracts';
import { apiErrors } from '../errors';
import { safeFileName } from '../uploads/file-names';
import type { UnpackedFiles } from './archive-limits';
import { archiveFileNames } from './file-names';
import { type DraftSet, ensureNoCycle, type LabDraft, parseOrRefuse } from './lab-draft';

const MANIFEST = 'manifest.json';

function readManifest(files: UnpackedFiles, path: string, format: string): unknown {
  const bytes = files.get(path);
  if (!bytes) throw apiErrors.labArchiveInvalid(path, 'Missing from the archive');
  let manifest: unknown;
  try {
    manifest = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw apiErrors.labArchiveInvalid(path, 'Not valid JSON');
  }
  const { format: found, version } = (manifest ?? {}) as { format?: unknown; version?: unknown };
  if (found !== format) {
    throw apiErrors.labArchiveInvalid(`${path}: format`, `Expected "${format}"`);
  }
  if (version !== LAB_ARCHIVE_VERSION) {
    throw apiErrors.labArchiveVersionUnsupported(path, version);
  }
  return manifest;
}

/** The lab in `folder` of the archive, its files checked against the sizes and hashes listed. */
function readLab(files: UnpackedFiles, folder: string, ref: string): LabDraft {
  const path = `${folder}${MANIFEST}`;
  const manifest = parseOrRefuse(
    labArchiveManifestSchema,
    readManifest(files, path, LAB_ARCHIVE_FORMAT),
    path,
  );
  const { files: listed, ...lab } = manifest.lab;
  // Stored as an uploaded file's name is: cleaned, then told apart if cleaning made two alike.
  const names = archiveFileNames(listed.map((file) => safeFileName(file.name)));
  return {
    ref,
    lab,
    files: listed.map((file, index) => {
      const filePath = `${folder}files/${file.name}`;
      const bytes = files.get(filePath);
      if (!bytes) {
        throw apiErrors.labArchiveInvalid(filePath, 'Listed in the manifest but missing');
      }
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      if (bytes.length !== file.size || sha256 !== file.sha256) {
        throw apiErrors.labArchiveInvalid(
          filePath,
          'Not the size and SHA-256 the manifest lists: the archive was changed or damaged',
        );
      }
      return { name: names[index] ?? 'file', bytes };
    }),
    requires: [],
  };
}

/**
 * The labs of a HackClass archive — one lab's, or a classroom's set with its schedules and
 * unlock paths — or undefined when the upload has no manifest at its root.
 */
export function readHackclassArchive(files: UnpackedFiles): DraftSet | undefined {
  const bytes = files.get(MANIFEST);
  if (!bytes) return undefined;
  let format: unknown;
  try {
    format = (JSON.parse(bytes.toString('utf8')) as { format?: unknown } | null)?.format;
  } catch {
    throw apiErrors.labArchiveInvalid(MANIFEST, 'Not valid JSON');
  }
  const report = { skipped: [], notMapped: [] };
  if (format === LAB_ARCHIVE_FORMAT) return { drafts: [readLab(files, '', 'lab')], ...report };
  if (format !== LAB_SET_ARCHIVE_FORMAT) {
    throw apiErrors.labArchiveInvalid(
      `${MANIFEST}: format`,
      `Expected "${LAB_ARCHIVE_FORMAT}" or "${LAB_SET_ARCHIVE_FORMAT}"`,
    );
  }
  const set = parseOrRefuse(
    labSetArchiveManifestSchema,
    readManifest(files, MANIFEST, LAB_SET_ARCHIVE_FORMAT),
    MANIFEST,
  );
  const refs = new Set(set.labs.map((entry) => entry.ref));
  const drafts = set.labs.map((entry, index) => {
    const unknown = entry.requires.find((ref) => !refs.has(ref));
    if (unknown !== undefined) {
      throw apiErrors.labArchiveInvalid(
        `${MANIFEST}: labs.${index}.requires`,
        `No lab "${unknown}" in this archive`,
      );
    }
    return {
      ...readLab(files, `labs/${entry.ref}/`, entry.ref),
      schedule: {
        opensAt: entry.opensAt === null ? null : new Date(entry.opensAt),
        dueAt: entry.dueAt === null ? null : new Date(entry.dueAt),
        latePercent: entry.latePercent,
      },
      requires: entry.requires,
    };
  });
  ensureNoCycle(drafts, `${MANIFEST}: labs`);
  return {
    drafts,
    skipped: set.leftOut.map((lab) => ({
      name: lab.name,
      reason: `Left out of the export: ${lab.reason}`,
    })),
    notMapped: [],
  };
}
