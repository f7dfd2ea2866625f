import { z } from 'zod';
import {
  FLAG_KINDS,
  HINT_CONTENT_MAX_LENGTH,
  LAB_HINTS_MAX,
  LAB_REQUIREMENTS_MAX,
  LAB_SCORINGS,
  LATE_PERCENT,
} from './course';
import { flagPatternError } from './flag-pattern';
import {
  LAB_DECAY_MAX,
  LAB_DESCRIPTION_MAX_LENGTH,
  LAB_FLAG_MAX_LENGTH,
  LAB_FLAGS_MAX,
  LAB_NAME_MAX_LENGTH,
  LAB_POINTS,
  LAB_REGEX_FLAGS_MESSAGE,
  labCategorySchema,
  labDifficultySchema,
  withinRegexFlagsMax,
} from './labs';
import { labTargetInputSchema, labTargetSchema } from './targets';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/**
 * Labs that travel: a lab, or a classroom's set of labs, exported as one gzipped tar archive
 * holding a `manifest.json` and the labs' files, and imported elsewhere; and CTFd's
 * `challenge.yml` (ctfcli's format) imported as labs.
 */
export const LAB_ARCHIVE_FORMAT = 'hackclass-lab';
export const LAB_SET_ARCHIVE_FORMAT = 'hackclass-labs';
export const LAB_ARCHIVE_VERSION = 1;
export const LAB_ARCHIVE_SUFFIX = '.hackclass.tar.gz';

/** The multipart field of the import form holding the uploaded archive or challenge.yml. */
export const LAB_IMPORT_FIELD = 'archive';
/** What the import takes, by file name ending. */
export const LAB_IMPORT_EXTENSIONS = ['.tar.gz', '.tgz', '.zip', '.yml', '.yaml'] as const;

/** Whether the flag checker's linear-time engine (RE2's syntax) takes `pattern`. */
export const isFlagPattern = (pattern: string) => flagPatternError(pattern) === undefined;

const archivedFlagSchema = z
  .strictObject({
    value: z.string().min(1).max(LAB_FLAG_MAX_LENGTH).refine(hasNoNul, NO_NUL_MESSAGE),
    kind: z.enum(FLAG_KINDS).default('exact'),
    caseSensitive: z.boolean().default(true),
  })
  .refine((flag) => flag.kind !== 'regex' || isFlagPattern(flag.value), {
    message: 'Not a regular expression the flag checker runs',
    path: ['value'],
  });

const archivedHintSchema = z.strictObject({
  content: z.string().min(1).max(HINT_CONTENT_MAX_LENGTH).refine(hasNoNul, NO_NUL_MESSAGE),
  cost: z.number().int().min(0).max(LAB_POINTS.max),
  order: z.number().int().min(0),
});

/** A file of an archived lab, stored beside the manifest as `files/<name>`. */
const archivedFileSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[^/\\]+$/, 'A file name without folders')
    .refine((name) => name !== '.' && name !== '..', 'A file name without folders'),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, 'A SHA-256 in lowercase hex'),
});

/** A lab as its archive's manifest describes it: what creating it again needs. */
export const archivedLabSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(LAB_NAME_MAX_LENGTH).refine(hasNoNul, NO_NUL_MESSAGE),
    description: z.string().max(LAB_DESCRIPTION_MAX_LENGTH).refine(hasNoNul, NO_NUL_MESSAGE),
    difficulty: labDifficultySchema,
    category: labCategorySchema,
    points: z.number().int().min(LAB_POINTS.min).max(LAB_POINTS.max),
    scoring: z.enum(LAB_SCORINGS).default('fixed'),
    minimumPoints: z.number().int().min(0).max(LAB_POINTS.max).nullable().default(null),
    decay: z.number().int().min(1).max(LAB_DECAY_MAX).nullable().default(null),
    flags: z
      .array(archivedFlagSchema)
      .max(LAB_FLAGS_MAX)
      .refine(withinRegexFlagsMax, LAB_REGEX_FLAGS_MESSAGE),
    hints: z.array(archivedHintSchema).max(LAB_HINTS_MAX).default([]),
    target: labTargetInputSchema.nullable().default(null),
    files: z.array(archivedFileSchema).default([]),
  })
  .refine(
    (lab) =>
      lab.scoring === 'fixed' ||
      (lab.minimumPoints !== null && lab.minimumPoints <= lab.points && lab.decay !== null),
    {
      message: 'A dynamic lab has a minimum at most its points and a decay',
      path: ['scoring'],
    },
  )
  .refine((lab) => lab.flags.length > 0 || lab.target?.flagMode === 'per-student', {
    message: 'A lab has at least one flag unless its target hands out per-student flags',
    path: ['flags'],
  })
  .refine((lab) => new Set(lab.files.map((file) => file.name)).size === lab.files.length, {
    message: 'Each file name once',
    path: ['files'],
  });
export type ArchivedLab = z.output<typeof archivedLabSchema>;

/** `manifest.json` of one lab's archive (or of each lab in a set's archive). */
export const labArchiveManifestSchema = z.object({
  format: z.literal(LAB_ARCHIVE_FORMAT),
  version: z.literal(LAB_ARCHIVE_VERSION),
  exportedAt: z.iso.datetime(),
  lab: archivedLabSchema,
});
export type LabArchiveManifest = z.output<typeof labArchiveManifestSchema>;

/** Names a lab of a set: its folder under `labs/`. */
const labReferenceSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A lab’s folder name');

/** A lab of a classroom's set, in the classroom's order, with its schedule and unlock path. */
const setEntrySchema = z
  .strictObject({
    ref: labReferenceSchema,
    opensAt: z.iso.datetime().nullable().default(null),
    dueAt: z.iso.datetime().nullable().default(null),
    latePercent: z
      .number()
      .int()
      .min(LATE_PERCENT.min)
      .max(LATE_PERCENT.max)
      .default(LATE_PERCENT.default),
    requires: z.array(labReferenceSchema).max(LAB_REQUIREMENTS_MAX).default([]),
  })
  .refine(
    (entry) =>
      !entry.opensAt || !entry.dueAt || Date.parse(entry.opensAt) < Date.parse(entry.dueAt),
    {
      message: 'A lab opens before it is due',
      path: ['dueAt'],
    },
  );

/** `manifest.json` of a classroom's set; each lab's own manifest is `labs/<ref>/manifest.json`. */
export const labSetArchiveManifestSchema = z.object({
  format: z.literal(LAB_SET_ARCHIVE_FORMAT),
  version: z.literal(LAB_ARCHIVE_VERSION),
  exportedAt: z.iso.datetime(),
  classroom: z.object({ name: z.string() }),
  labs: z
    .array(setEntrySchema)
    .refine((labs) => new Set(labs.map((lab) => lab.ref)).size === labs.length, 'Each lab once'),
  /** The classroom's labs the exporter could not edit, so left out with their flags. */
  leftOut: z.array(z.object({ name: z.string(), reason: z.string() })).default([]),
});
export type LabSetArchiveManifest = z.output<typeof labSetArchiveManifestSchema>;

/**
 * What becomes of a CTFd challenge that lists a file the upload lacks: imported without it
 * (reported), or skipped.
 */
export const CTFD_MISSING_FILES = ['leave-out', 'skip'] as const;
export type CtfdMissingFiles = (typeof CTFD_MISSING_FILES)[number];

/** The import form's text fields; the upload comes as `archive`. */
export const labImportFieldsSchema = z.object({
  /** A classroom the caller manages, to add the imported labs to. */
  classroomId: z.uuid('Not a classroom id').optional(),
  /** `true`: answer what the import would do, and keep nothing. */
  dryRun: z
    .stringbool({ error: 'Either true or false' })
    .default(false)
    .describe('`true` answers the report of what the import would do, and creates nothing'),
  missingFiles: z
    .enum(CTFD_MISSING_FILES, 'Either leave-out or skip')
    .default('leave-out')
    .describe(
      'A CTFd challenge listing a file the upload lacks: `leave-out` imports it without the ' +
        'file (reported in `notMapped`), `skip` skips it (reported in `skipped`)',
    ),
});

/** The file of the upload a lab comes from (a CTFd challenge's `challenge.yml`). */
const uploadSourceSchema = z.string().describe('The file of the upload the lab comes from');

export const labImportReportSchema = z.object({
  /** A dry run's report: what the import would do; nothing was created. */
  dryRun: z.boolean(),
  /** The labs created; a dry run's name what would be, without an id or slug. */
  created: z.array(
    z.object({ id: z.uuid().optional(), slug: z.string().optional(), name: z.string() }),
  ),
  /** Labs in the upload that were not imported, and why. */
  skipped: z.array(
    z.object({ name: z.string(), reason: z.string(), source: uploadSourceSchema.optional() }),
  ),
  /** What a lab's source held that HackClass has no place for, field by field. */
  notMapped: z.array(
    z.object({
      lab: z.string(),
      field: z.string(),
      reason: z.string(),
      source: uploadSourceSchema.optional(),
    }),
  ),
  /**
   * The live targets the upload defines. None is imported: an archive from elsewhere could run
   * any image on the school's machine, so each waits until the lab's teacher, having read it,
   * adds it to the lab (the lab form's `target`), where every rule of a save applies.
   */
  targets: z.array(
    z.object({ labId: z.uuid().optional(), lab: z.string(), target: labTargetSchema }),
  ),
});
export type LabImportReport = z.infer<typeof labImportReportSchema>;
