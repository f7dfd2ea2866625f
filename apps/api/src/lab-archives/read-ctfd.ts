import { type ArchivedLab, archivedLabSchema, LAB_HINTS_MAX } from '@hackclass/contracts';
import { RE2JS } from 're2js';
import { parseDocument } from 'yaml';
import { apiErrors } from '../errors';
import { safeFileName } from '../uploads/file-names';
import { resolveInside } from './archive-paths';
import { labCategoryOf } from './ctfd-categories';
import { MAPPED_CTFD_FIELDS, UNMAPPED_CTFD_FIELDS } from './ctfd-fields';
import { archiveFileNames } from './file-names';
import { type DraftSet, ensureNoCycle, type LabDraft, parseOrRefuse } from './lab-draft';
import type { UnpackedFiles } from './unpack-upload';

type Report = Omit<DraftSet, 'drafts'>;
type Challenge = Record<string, unknown>;

const CHALLENGE_FILE = /(^|\/)challenge\.ya?ml$/;

const asList = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];

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
  const challenge: unknown = document.toJS();
  if (typeof challenge !== 'object' || challenge === null || Array.isArray(challenge)) {
    throw apiErrors.labArchiveInvalid(path, 'Not a challenge: expected a mapping of fields');
  }
  return challenge as Challenge;
}

function flagsOf(challenge: Challenge, name: string, report: Report): ArchivedLab['flags'] {
  return asList(challenge.flags).flatMap((flag): ArchivedLab['flags'] => {
    if (typeof flag === 'string' || typeof flag === 'number') {
      return [{ value: String(flag), kind: 'exact', caseSensitive: true }];
    }
    const { type = 'static', content, data } = (flag ?? {}) as Record<string, unknown>;
    const caseSensitive = data !== 'case_insensitive';
    if (typeof content !== 'string' || (type !== 'static' && type !== 'regex')) {
      report.notMapped.push({
        lab: name,
        field: 'flags',
        reason: `A flag of type ${JSON.stringify(type)} is not supported: only static and regex`,
      });
      return [];
    }
    if (type === 'static') return [{ value: content, kind: 'exact', caseSensitive }];
    try {
      RE2JS.compile(content);
    } catch {
      report.notMapped.push({
        lab: name,
        field: 'flags',
        reason: `The pattern ${content} uses what the linear-time flag checker lacks (such as back-references or look-arounds)`,
      });
      return [];
    }
    // CTFd matches a regex flag from its start; HackClass matches the whole answer, so a pattern
    // that relied on a trailing remainder now needs to cover it.
    return [{ value: content, kind: 'regex', caseSensitive }];
  });
}

function hintsOf(challenge: Challenge, name: string, report: Report): ArchivedLab['hints'] {
  const hints = asList(challenge.hints).flatMap((hint) => {
    if (typeof hint === 'string') return [{ content: hint, cost: 0 }];
    const { content, cost } = (hint ?? {}) as Record<string, unknown>;
    if (typeof content !== 'string') return [];
    return [{ content, cost: typeof cost === 'number' ? cost : 0 }];
  });
  if (hints.length > LAB_HINTS_MAX) {
    report.notMapped.push({
      lab: name,
      field: 'hints',
      reason: `A lab has at most ${LAB_HINTS_MAX} hints: the ${hints.length - LAB_HINTS_MAX} after them were left out`,
    });
  }
  return hints.slice(0, LAB_HINTS_MAX).map((hint, order) => ({ ...hint, order }));
}

/**
 * Points and scoring. CTFd's dynamic challenges (`extra.initial`, `decay`, `minimum`) decay as
 * ours do: initial + (minimum − initial) / decay² × (solves − 1)², never below the minimum.
 * CTFd 3.7's `function: linear` (initial − decay × solves) has no counterpart.
 */
function scoringOf(challenge: Challenge, name: string, report: Report) {
  const extra = (challenge.extra ?? {}) as Record<string, unknown>;
  if (challenge.type !== 'dynamic') {
    return { points: challenge.value, scoring: 'fixed', minimumPoints: null, decay: null };
  }
  if (extra.function !== undefined && extra.function !== 'logarithmic') {
    report.notMapped.push({
      lab: name,
      field: 'extra.function',
      reason: `CTFd’s ${String(extra.function)} decay has no counterpart: the lab decays as CTFd’s logarithmic function does`,
    });
  }
  return {
    points: extra.initial ?? challenge.value,
    scoring: 'dynamic',
    minimumPoints: extra.minimum ?? null,
    decay: extra.decay ?? null,
  };
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
        UNMAPPED_CTFD_FIELDS[field] ?? 'Not a field of ctfcli’s challenge.yml that HackClass knows',
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
