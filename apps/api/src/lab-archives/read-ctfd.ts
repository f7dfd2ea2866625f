import { archivedLabSchema, type CtfdMissingFiles } from '@hackclass/contracts';
import { HttpError } from '@hackclass/http';
import { apiErrors } from '../errors';
import { safeFileName } from '../uploads/file-names';
import type { UnpackedFiles } from './archive-limits';
import { labCategoryOf } from './ctfd-categories';
import { markdownFromCtfdHtml } from './ctfd-description';
import { MAPPED_CTFD_FIELDS, UNMAPPED_CTFD_FIELDS } from './ctfd-fields';
import {
  asList,
  type Challenge,
  difficultyOf,
  flagsOf,
  hintsOf,
  scoringOf,
} from './ctfd-lab-fields';
import { filesListed, listedPath, topFolderOf } from './ctfd-listed-files';
import { EXAMPLE_FILE, isChallengeFile, readChallengeYaml } from './ctfd-yaml';
import { archiveFileNames } from './file-names';
import { type DraftSet, type LabDraft, stuckInCycles } from './lab-draft';

type Report = Omit<DraftSet, 'drafts'>;

export interface CtfdReadOptions {
  /** What becomes of a challenge that lists a file the upload lacks. */
  missingFiles: CtfdMissingFiles;
  /** The most files a lab may have (UPLOAD_FILES_PER_LAB): those past it are left out, and said. */
  maxFiles: number;
}

/** What every challenge of one upload is read against: its files' paths and top folder, once. */
interface UploadContext extends CtfdReadOptions {
  loneYaml: boolean;
  uploaded: string[];
  top: string;
}

/** The challenge's name, trimmed; a number (`name: 1`) is its digits. */
const nameOf = ({ name }: Challenge) =>
  typeof name === 'string' ? name.trim() : typeof name === 'number' ? String(name) : '';

/** Why one challenge of the upload cannot be imported; the others still are. */
class ChallengeRefused extends Error {}

/** The challenge's fields as a lab's schema names them, by the names challenge.yml gives them. */
const CTFD_FIELD_OF: Record<string, string> = {
  points: 'value',
  minimumPoints: 'extra.minimum',
  decay: 'extra.decay',
};

function listedFiles(
  challenge: Challenge,
  source: string,
  name: string,
  files: UnpackedFiles,
  report: Report,
  { missingFiles, maxFiles, loneYaml, uploaded, top }: UploadContext,
): LabDraft['files'] {
  const folder = source.slice(0, source.lastIndexOf('/') + 1);
  const found = asList(challenge.files).flatMap((listed) => {
    if (typeof listed !== 'string' || listedPath(folder, listed) === undefined) {
      report.notMapped.push({
        lab: name,
        source,
        field: 'files',
        reason: `${JSON.stringify(listed)} is not a path inside the upload: left out`,
      });
      return [];
    }
    const named = filesListed(folder, listed, uploaded, top);
    if (named.length > 0) return named.map((file) => ({ path: file, bytes: files.get(file) }));
    if (loneYaml) {
      report.notMapped.push({
        lab: name,
        source,
        field: 'files',
        reason: `${listed} is not in the upload: upload the challenge’s folder as a .zip to bring its files`,
      });
    } else if (missingFiles === 'skip') {
      throw new ChallengeRefused(`It lists ${listed}, which is not in the upload`);
    } else {
      report.notMapped.push({
        lab: name,
        source,
        field: 'files',
        reason: `${listed} is not in the upload: imported without it`,
      });
    }
    return [];
  });
  const unique = [...new Map(found.map((file) => [file.path, file.bytes])).entries()];
  for (const [path] of unique.slice(maxFiles)) {
    report.notMapped.push({
      lab: name,
      source,
      field: 'files',
      reason: `${path} is past the ${maxFiles} files a lab may have: left out`,
    });
  }
  unique.splice(maxFiles);
  const names = archiveFileNames(unique.map(([path]) => safeFileName(path)));
  return unique.map(([, bytes], index) => ({
    name: names[index] ?? 'file',
    bytes: bytes ?? Buffer.alloc(0),
  }));
}

function reportFields(challenge: Challenge, source: string, name: string, report: Report) {
  for (const field of Object.keys(challenge)) {
    if (MAPPED_CTFD_FIELDS.has(field)) continue;
    report.notMapped.push({
      lab: name,
      source,
      field,
      reason:
        UNMAPPED_CTFD_FIELDS.get(field) ??
        'Not a field of ctfcli’s challenge.yml that HackClass knows',
    });
  }
}

function draftOf(
  source: string,
  challenge: Challenge,
  files: UnpackedFiles,
  report: Report,
  context: UploadContext,
): LabDraft {
  const name = nameOf(challenge);
  if (name === '') throw new ChallengeRefused('It has no name');
  if (name.includes('{{')) {
    throw new ChallengeRefused(`Its name ${name} is a template not filled in`);
  }
  if (
    challenge.type !== undefined &&
    challenge.type !== 'standard' &&
    challenge.type !== 'dynamic'
  ) {
    throw new ChallengeRefused(
      `CTFd challenges of type ${JSON.stringify(challenge.type)} have no counterpart: only standard and dynamic`,
    );
  }
  // What the challenge itself says is reported once it is known to be imported.
  const own: Report = { skipped: [], notMapped: [] };
  reportFields(challenge, source, name, own);
  const rawCategory = typeof challenge.category === 'string' ? challenge.category : '';
  const category = labCategoryOf(rawCategory);
  if (!category) {
    own.notMapped.push({
      lab: name,
      source,
      field: 'category',
      reason: `${JSON.stringify(rawCategory)} matches no category here: imported as Misc`,
    });
  }
  const difficulty = difficultyOf(challenge, name, own);
  const given = typeof challenge.description === 'string' ? challenge.description : '';
  const description = markdownFromCtfdHtml(given);
  if (description !== undefined) {
    own.notMapped.push({
      lab: name,
      field: 'description',
      reason: 'Its HTML was turned into Markdown, which is what a lab shows: check how it reads',
    });
  }
  const flags = flagsOf(challenge, name, own);
  if (flags.length === 0) throw new ChallengeRefused('No flag HackClass can check');
  const parsed = archivedLabSchema.safeParse({
    name,
    description: description ?? given,
    difficulty,
    category: category ?? 'Misc',
    ...scoringOf(challenge, difficulty, name, own),
    flags,
    hints: hintsOf(challenge, name, own),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = String(issue?.path[0] ?? '');
    throw new ChallengeRefused(
      `${CTFD_FIELD_OF[field] ?? field}: ${issue?.message ?? 'Invalid'}`.replace(/^: /, ''),
    );
  }
  const { files: _listed, ...lab } = parsed.data;
  const labFiles = listedFiles(challenge, source, name, files, own, context);
  const requirements = challenge.requirements;
  const required = asList(
    Array.isArray(requirements) ? requirements : (requirements as Challenge | null)?.prerequisites,
  ).map(String);
  report.notMapped.push(
    ...own.notMapped.map((entry) => (entry.source ? entry : { ...entry, source })),
  );
  return { ref: name, source, lab, files: labFiles, requires: required };
}

/**
 * A challenge file's challenge as the teacher knows it: its name, else its folder, else (a file
 * at the top of the upload) the file.
 */
function knownAs(source: string, challenge: Challenge | undefined, top: string): string {
  const folder = source.slice(0, source.lastIndexOf('/') + 1);
  return (
    (challenge && nameOf(challenge)) ||
    (folder === '' || folder === top ? source : folder.slice(0, -1))
  );
}

/**
 * The labs of CTFd content: every challenge file in the upload (`challenge.yml` and its variants,
 * or the lone one uploaded), with its files, and a report of what does not map. A challenge that
 * cannot be imported is skipped with its reason, and the others are imported. Requirements
 * naming other challenges of the same upload become unlock paths in a classroom; others, and
 * those that go round in a circle, are reported.
 */
export function readCtfd(files: UnpackedFiles, options: CtfdReadOptions): DraftSet {
  const report: Report = { skipped: [], notMapped: [] };
  const uploaded = [...files.keys()];
  const sources = uploaded
    .filter(isChallengeFile)
    // Shallower first: of a challenge and a copy nested in its folder, the copy is skipped.
    .sort((a, b) => a.split('/').length - b.split('/').length || (a < b ? -1 : 1));
  if (sources.length === 0) throw apiErrors.notALabArchive();
  const loneYaml = files.size === 1;
  const top = topFolderOf(uploaded);
  const context: UploadContext = { ...options, loneYaml, uploaded, top };
  const drafts: LabDraft[] = [];
  for (const source of sources) {
    let challenge: Challenge | undefined;
    try {
      if (EXAMPLE_FILE.test(source) && !loneYaml) {
        throw new ChallengeRefused('An example or a template, by its file’s name: not a challenge');
      }
      challenge = readChallengeYaml(source, files.get(source) ?? Buffer.alloc(0));
      const draft = draftOf(source, challenge, files, report, context);
      const namesake = drafts.find((other) => other.ref === draft.ref);
      if (namesake) {
        throw new ChallengeRefused(
          `${namesake.source} has this name too, and was imported: rename one to import both`,
        );
      }
      drafts.push(draft);
    } catch (error) {
      // A lone challenge file that cannot be read is the upload's fault: refused, saying why.
      if (loneYaml && challenge === undefined) throw error;
      const reason =
        error instanceof ChallengeRefused
          ? error.message
          : error instanceof HttpError && error.code === 'lab_archive_invalid'
            ? (error.detail ?? error.message)
            : undefined;
      if (reason === undefined) throw error;
      report.skipped.push({ name: knownAs(source, challenge, top), source, reason });
    }
  }
  const names = new Set(drafts.map((draft) => draft.ref));
  for (const draft of drafts) {
    for (const required of draft.requires.filter((ref) => !names.has(ref))) {
      report.notMapped.push({
        lab: draft.ref,
        source: draft.source,
        field: 'requirements',
        reason: `${required} is not among the imported challenges`,
      });
    }
    draft.requires = draft.requires.filter((ref) => names.has(ref));
  }
  const stuck = stuckInCycles(drafts);
  for (const draft of stuck) {
    report.notMapped.push({
      lab: draft.ref,
      source: draft.source,
      field: 'requirements',
      reason: `Its unlock path (through ${draft.requires.join(', ')}) goes round in a circle, so it could never open: imported without requirements`,
    });
    draft.requires = [];
  }
  return { drafts, ...report };
}
