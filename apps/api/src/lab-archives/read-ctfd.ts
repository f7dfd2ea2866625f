import { archivedLabSchema } from '@hackclass/contracts';
import { parseDocument } from 'yaml';
import { apiErrors } from '../errors';
import { safeFileName } from '../uploads/file-names';
import { resolveInside } from './archive-paths';
import { labCategoryOf } from './ctfd-categories';
import { MAPPED_CTFD_FIELDS, UNMAPPED_CTFD_FIELDS } from './ctfd-fields';
import { asList, type Challenge, flagsOf, hintsOf, scoringOf } from './ctfd-lab-fields';
import { archiveFileNames } from './file-names';
import { type DraftSet, ensureNoCycle, type LabDraft, parseOrRefuse } from './lab-draft';
import type { UnpackedFiles } from './unpack-upload';

type Report = Omit<DraftSet, 'drafts'>;

const CHALLENGE_FILE = /(^|\/)challenge\.ya?ml$/;

function readYaml(path: string, bytes: Buffer): Challenge {
  const document = parseDocument(bytes.toString('utf8'));
  const [error] = document.errors;
  if (error) {
    const at = error.linePos?.[0];
    const where = at ? ` at line ${at.line}, column ${at.col}` : '';
    // The message's own position and the excerpt after it are said once, above.
    const problem = error.message.split(/ at line \d+/)[0];
    throw apiErrors.labArchiveInvalid(path, `YAML error${where}: ${problem}`);
  }
  let challenge: unknown;
  try {
    // Aliases expand as they are read: a few lines of nested ones ("billion laughs") would make
    // billions of nodes, so past 100 the yaml package stops.
    challenge = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    throw apiErrors.labArchiveInvalid(path, `YAML error: ${(error as Error).message}`);
  }
  if (typeof challenge !== 'object' || challenge === null || Array.isArray(challenge)) {
    throw apiErrors.labArchiveInvalid(path, 'Not a challenge: expected a mapping of fields');
  }
  return challenge as Challenge;
}

function filesOf(
  challenge: Challenge,
  folder: string,
  name: string,
  files: UnpackedFiles,
  report: Report,
  loneYaml: boolean,
): LabDraft['files'] {
  const found = asList(challenge.files).flatMap((listed) => {
    const path = typeof listed === 'string' ? resolveInside(folder, listed) : undefined;
    if (path === undefined) {
      throw apiErrors.labArchiveInvalid(
        `${folder}challenge.yml: files`,
        `${JSON.stringify(listed)} is not a path inside the challenge’s folder`,
      );
    }
    const bytes = files.get(path);
    if (bytes) return [{ path, bytes }];
    if (!loneYaml) {
      throw apiErrors.labArchiveInvalid(path, 'Listed in challenge.yml but missing');
    }
    report.notMapped.push({
      lab: name,
      field: 'files',
      reason: `${listed} is not in the upload: upload the challenge’s folder as a .zip to bring its files`,
    });
    return [];
  });
  const names = archiveFileNames(found.map((file) => safeFileName(file.path)));
  return found.map((file, index) => ({ name: names[index] ?? 'file', bytes: file.bytes }));
}

function draftOf(
  path: string,
  challenge: Challenge,
  files: UnpackedFiles,
  report: Report,
  loneYaml: boolean,
): LabDraft | undefined {
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const name = typeof challenge.name === 'string' ? challenge.name.trim() : '';
  if (name === '') throw apiErrors.labArchiveInvalid(`${path}: name`, 'Every challenge has a name');
  if (
    challenge.type !== undefined &&
    challenge.type !== 'standard' &&
    challenge.type !== 'dynamic'
  ) {
    report.skipped.push({
      name,
      reason: `CTFd challenges of type ${JSON.stringify(challenge.type)} have no counterpart: only standard and dynamic`,
    });
    return undefined;
  }
  for (const field of Object.keys(challenge)) {
    if (MAPPED_CTFD_FIELDS.has(field)) continue;
    report.notMapped.push({
      lab: name,
      field,
      reason:
        UNMAPPED_CTFD_FIELDS.get(field) ??
        'Not a field of ctfcli’s challenge.yml that HackClass knows',
    });
  }
  const rawCategory = typeof challenge.category === 'string' ? challenge.category : '';
  const category = labCategoryOf(rawCategory);
  if (!category) {
    report.notMapped.push({
      lab: name,
      field: 'category',
      reason: `${JSON.stringify(rawCategory)} matches no category here: imported as Misc`,
    });
  }
  report.notMapped.push({
    lab: name,
    field: 'difficulty',
    reason: 'challenge.yml gives no difficulty: imported as Medium',
  });
  const flags = flagsOf(challenge, name, report);
  if (flags.length === 0) {
    report.skipped.push({ name, reason: 'No flag HackClass can check' });
    return undefined;
  }
  const lab = parseOrRefuse(
    archivedLabSchema,
    {
      name,
      description: typeof challenge.description === 'string' ? challenge.description : '',
      difficulty: 'Medium',
      category: category ?? 'Misc',
      ...scoringOf(challenge, name, report),
      flags,
      hints: hintsOf(challenge, name, report),
    },
    path,
  );
  const { files: _listed, ...fields } = lab;
  const requirements = challenge.requirements;
  const required = asList(
    Array.isArray(requirements) ? requirements : (requirements as Challenge | null)?.prerequisites,
  ).map(String);
  return {
    ref: name,
    lab: fields,
    files: filesOf(challenge, folder, name, files, report, loneYaml),
    requires: required,
  };
}

/**
 * The labs of CTFd content: every `challenge.yml` in the upload (or the lone one uploaded), with
 * its files, and a report of what does not map. Requirements naming other challenges of the
 * same upload become unlock paths in a classroom; others are reported.
 */
export function readCtfd(files: UnpackedFiles): DraftSet {
  const report: Report = { skipped: [], notMapped: [] };
  const paths = [...files.keys()].filter((path) => CHALLENGE_FILE.test(path)).sort();
  if (paths.length === 0) throw apiErrors.notALabArchive();
  const loneYaml = files.size === 1;
  const drafts: LabDraft[] = [];
  for (const path of paths) {
    const draft = draftOf(
      path,
      readYaml(path, files.get(path) ?? Buffer.alloc(0)),
      files,
      report,
      loneYaml,
    );
    if (!draft) continue;
    if (drafts.some((other) => other.ref === draft.ref)) {
      report.skipped.push({
        name: draft.ref,
        reason: 'Another challenge of the upload has this name',
      });
      continue;
    }
    drafts.push(draft);
  }
  const names = new Set(drafts.map((draft) => draft.ref));
  for (const draft of drafts) {
    for (const required of draft.requires.filter((ref) => !names.has(ref))) {
      report.notMapped.push({
        lab: draft.ref,
        field: 'requirements',
        reason: `${required} is not among the imported challenges`,
      });
    }
    draft.requires = draft.requires.filter((ref) => names.has(ref));
  }
  ensureNoCycle(drafts, 'requirements');
  return { drafts, ...report };
}
