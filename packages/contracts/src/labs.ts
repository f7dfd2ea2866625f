import { z } from 'zod';
import {
  FLAG_KINDS,
  type FlagKind,
  HINT_CONTENT_MAX_LENGTH,
  LAB_HINTS_MAX,
  LAB_SCORINGS,
  type LabScoring,
} from './course';
import { flagPatternError } from './flag-pattern';
import { labCanSchema } from './permissions';
import { classroomLabScheduleFields, opensBeforeDue } from './schedules';
import { labTargetFieldSchema, labTargetSchema, labTargetSummarySchema } from './targets';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

export const LAB_DIFFICULTIES = ['Easy', 'Medium', 'Hard', 'Insane'] as const;
export type LabDifficulty = (typeof LAB_DIFFICULTIES)[number];

export const LAB_CATEGORIES = [
  'Web',
  'Crypto',
  'Forensics',
  'Reverse engineering',
  'Binary exploitation',
  'OSINT',
  'Networking',
  'Misc',
] as const;
export type LabCategory = (typeof LAB_CATEGORIES)[number];

export const LAB_POINTS = { min: 1, max: 10_000 } as const;

export const LAB_NAME_MAX_LENGTH = 100;
export const LAB_DESCRIPTION_MAX_LENGTH = 20_000;

export const labDifficultySchema = z.enum(LAB_DIFFICULTIES, {
  error: `Choose one of ${LAB_DIFFICULTIES.join(', ')}`,
});
export const labCategorySchema = z.enum(LAB_CATEGORIES, {
  error: `Choose one of ${LAB_CATEGORIES.join(', ')}`,
});

export const LAB_FLAG_MAX_LENGTH = 500;
export const LAB_FLAGS_MAX = 20;
/**
 * Every regex flag is tried on each wrong answer: at five, a lab's worst patterns within
 * `FLAG_PATTERN_MAX_SIZE` cost tens of milliseconds an answer, not hundreds.
 */
export const LAB_REGEX_FLAGS_MAX = 5;
export const LAB_REGEX_FLAGS_MESSAGE = `At most ${LAB_REGEX_FLAGS_MAX} flags may be patterns: join alternatives into one with |`;
export const withinRegexFlagsMax = (flags: readonly { kind: FlagKind }[]) =>
  flags.filter(({ kind }) => kind === 'regex').length <= LAB_REGEX_FLAGS_MAX;

/**
 * One accepted answer: compared exactly, or a regular expression matched against the whole
 * answer (`kind: 'regex'`); ignoring case when `caseSensitive` is false.
 */
export const labFlagInputSchema = z.object({
  value: z
    .string('Enter the flag')
    .trim()
    .min(1, 'Enter the flag')
    .max(LAB_FLAG_MAX_LENGTH, `A flag has at most ${LAB_FLAG_MAX_LENGTH} characters`)
    .refine(hasNoNul, NO_NUL_MESSAGE),
  kind: z.enum(FLAG_KINDS, { error: `Choose one of ${FLAG_KINDS.join(', ')}` }).default('exact'),
  caseSensitive: z.boolean().default(true),
});
export type LabFlagInput = z.input<typeof labFlagInputSchema>;

/** A multipart field holding a JSON array, parsed into the array's items. */
const jsonArrayField = <Item extends z.ZodType>(item: Item, label: string) =>
  z
    .string(`Send ${label} as a JSON array`)
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: `Send ${label} as a JSON array` });
        return z.NEVER;
      }
    })
    .pipe(z.array(item, `Send ${label} as a JSON array`));

/**
 * The `flags` field of the lab form: ONE text field holding a JSON array of
 * `{ "value": "flag{…}", "kind": "exact", "caseSensitive": true }` (values trimmed; `kind`
 * defaults to exact, `caseSensitive` to true), at most 20 and at most 5 of them patterns; at least
 * one unless the lab's target hands out per-student flags. A regex flag must be a pattern RE2
 * compiles, within the cost `flagPatternError` allows.
 */
export const labFlagsFieldSchema = jsonArrayField(labFlagInputSchema, 'the flags').pipe(
  z
    .array(z.object({ value: z.string(), kind: z.enum(FLAG_KINDS), caseSensitive: z.boolean() }))
    .max(LAB_FLAGS_MAX, `At most ${LAB_FLAGS_MAX} flags`)
    .refine(withinRegexFlagsMax, LAB_REGEX_FLAGS_MESSAGE)
    .superRefine((flags, context) => {
      flags.forEach(({ value, kind }, index) => {
        const error = kind === 'regex' ? flagPatternError(value) : undefined;
        if (error !== undefined) {
          context.addIssue({
            code: 'custom',
            message: `flags[${index}]: not a valid pattern: ${error}`,
            path: [index, 'value'],
          });
        }
      });
    }),
);

/**
 * Flags are optional only where every target hands out its own, as the request's `target` says:
 * an edit that sends no flags sends its per-student target too. The rule is checked even when
 * other fields are wrong (as long as the flags and the target themselves parsed), so that every
 * wrong field is named at once.
 */
const hasFlagsUnlessPerStudent = (fields: {
  flags: unknown[];
  target?: { flagMode: string } | null | undefined;
}) => fields.flags.length > 0 || fields.target?.flagMode === 'per-student';

const hasFlagsParams = {
  message: 'Add at least one flag',
  path: ['flags'],
  when: ({ issues }: z.core.ParsePayload) =>
    !issues.some(({ path }) => path?.[0] === 'flags' || path?.[0] === 'target'),
};

/** One hint of the lab form: Markdown, with what unlocking it costs; `id` keeps an existing one. */
export const labHintInputSchema = z.object({
  id: z.uuid('Not a hint id').optional(),
  content: z
    .string('Enter the hint')
    .trim()
    .min(1, 'Enter the hint')
    .max(HINT_CONTENT_MAX_LENGTH, `A hint has at most ${HINT_CONTENT_MAX_LENGTH} characters`)
    .refine(hasNoNul, NO_NUL_MESSAGE),
  cost: z
    .number('A hint’s cost is a whole number of points')
    // Not `.int()`: its failure would stop the form's other checks, and every wrong field is named.
    .refine(Number.isInteger, 'A hint’s cost is a whole number of points')
    .min(0, 'A hint’s cost is at least 0')
    .max(LAB_POINTS.max, `A hint’s cost is at most ${LAB_POINTS.max}`)
    .default(0),
});
export type LabHintInput = z.input<typeof labHintInputSchema>;

/**
 * The `hints` field of the lab form: ONE text field holding a JSON array of
 * `{ "content": "Markdown", "cost": 0 }` in the order students see them, at most 10. On edit the
 * array replaces the set; a hint sent with the `id` of one of the lab's hints is kept (with the
 * unlocks it had) and rewritten in place.
 */
export const labHintsFieldSchema = jsonArrayField(labHintInputSchema, 'the hints')
  .refine((hints) => hints.length <= LAB_HINTS_MAX, `At most ${LAB_HINTS_MAX} hints`)
  .refine((hints) => {
    const ids = hints.flatMap((hint) => (hint.id ? [hint.id] : []));
    return new Set(ids).size === ids.length;
  }, 'Each hint is sent once')
  .default([]);

/** A whole number in a multipart text field, within `min` and `max`. */
const wholeNumberField = (label: string, min: number, max: number) =>
  z
    .string(`Enter the ${label}`)
    .trim()
    .regex(/^\d+$/, `The ${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `The ${label} must be at least ${min}`)
        .max(max, `The ${label} must be at most ${max}`),
    );

/** Solves until a dynamic lab is worth its minimum: at most this many. */
export const LAB_DECAY_MAX = 10_000;

const labFieldsSchema = z.object({
  name: z
    .string('Enter a name')
    .trim()
    .min(1, 'Enter a name')
    .max(LAB_NAME_MAX_LENGTH)
    .refine(hasNoNul, NO_NUL_MESSAGE),
  description: z
    .string()
    .max(LAB_DESCRIPTION_MAX_LENGTH)
    .refine(hasNoNul, NO_NUL_MESSAGE)
    .default(''),
  difficulty: labDifficultySchema,
  category: labCategorySchema,
  points: z
    .string('Enter the points')
    .trim()
    .regex(/^\d+$/, 'Points must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(LAB_POINTS.min, `Points must be at least ${LAB_POINTS.min}`)
        .max(LAB_POINTS.max, `Points must be at most ${LAB_POINTS.max}`),
    ),
  /**
   * Fixed: every solve earns `points`. Dynamic: `points` is what the first solver earns, and
   * the lab's value falls with each solve in a classroom to `minimumPoints` after `decay`
   * solves more, for every solver alike (CTFd's dynamic scoring).
   */
  scoring: z.enum(LAB_SCORINGS, { error: 'Choose fixed or dynamic scoring' }).default('fixed'),
  /** Dynamic scoring only; ignored for fixed. */
  minimumPoints: wholeNumberField('minimum points', 0, LAB_POINTS.max).optional(),
  /** Dynamic scoring only; ignored for fixed. */
  decay: wholeNumberField('decay', 1, LAB_DECAY_MAX).optional(),
  flags: labFlagsFieldSchema,
  hints: labHintsFieldSchema,
  /** The lab's live target, see `labTargetFieldSchema`. */
  target: labTargetFieldSchema.optional(),
});

type ScoringFields = {
  points: number;
  scoring: LabScoring;
  minimumPoints?: number | undefined;
  decay?: number | undefined;
};

/** A dynamic lab's minimum and decay, named where missing or above the points. */
function checkDynamicScoring(fields: ScoringFields, context: z.core.$RefinementCtx): void {
  if (fields.scoring !== 'dynamic') return;
  if (fields.minimumPoints === undefined) {
    context.addIssue({
      code: 'custom',
      message: 'Enter the minimum points',
      path: ['minimumPoints'],
    });
  } else if (fields.minimumPoints > fields.points) {
    context.addIssue({
      code: 'custom',
      message: 'The minimum points must not exceed the points',
      path: ['minimumPoints'],
    });
  }
  if (fields.decay === undefined) {
    context.addIssue({ code: 'custom', message: 'Enter the decay', path: ['decay'] });
  }
}

/** Checked as long as the scoring fields themselves parsed, so that every wrong field is named. */
const scoringParsed = ({ issues }: z.core.ParsePayload) =>
  !issues.some(({ path }) =>
    ['points', 'scoring', 'minimumPoints', 'decay'].includes(String(path?.[0])),
  );

/**
 * The text fields of the multipart form that creates a lab (its files come as `labFiles`).
 * Every value arrives as a string, so `points`, `flags` and `target` are parsed here.
 */
export const createLabFieldsSchema = labFieldsSchema
  .refine(hasFlagsUnlessPerStudent, hasFlagsParams)
  .check(z.superRefine(checkDynamicScoring, { when: scoringParsed }));
export type CreateLabFields = z.input<typeof createLabFieldsSchema>;

/**
 * The text fields of the multipart form that edits a lab: those of creation (the flags replace
 * the old set; a `target` left out stays as it was), and `removeFileIds`, a JSON array of the
 * ids of files to remove. New files come as `labFiles`. The slug stays as it was, so links and
 * bookmarks keep working.
 */
export const updateLabFieldsSchema = labFieldsSchema
  .extend({
    removeFileIds: jsonArrayField(z.uuid('Not a file id'), 'the file ids').default([]),
  })
  .refine(hasFlagsUnlessPerStudent, hasFlagsParams)
  .check(z.superRefine(checkDynamicScoring, { when: scoringParsed }));
export type UpdateLabFields = z.input<typeof updateLabFieldsSchema>;

export const LAB_FILES_FIELD = 'labFiles';

export const labSummarySchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  /** Markdown: render it safely. */
  description: z.string(),
  difficulty: labDifficultySchema,
  category: labCategorySchema,
  /** Fixed points, or what a dynamic lab's first solver earns. */
  points: z.number().int(),
  scoring: z.enum(LAB_SCORINGS),
  /** Dynamic scoring: the least the lab is worth; null for fixed. */
  minimumPoints: z.number().int().nullable(),
  /** Dynamic scoring: solves after the first until the minimum; null for fixed. */
  decay: z.number().int().nullable(),
  creatorId: z.uuid().nullable(),
  fileCount: z.number().int(),
  createdAt: z.iso.datetime(),
  can: labCanSchema,
});
export type LabSummary = z.infer<typeof labSummarySchema>;

export const labFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type LabFile = z.infer<typeof labFileSchema>;

/**
 * Where the browser downloads a lab file by itself: a path on the app's origin carrying a
 * signature for one file and one user, good for a minute, so no bearer token is needed.
 */
export const labFileLinkSchema = z.object({ url: z.string().startsWith('/') });
export type LabFileLink = z.infer<typeof labFileLinkSchema>;

export const labFlagSchema = z.object({
  id: z.uuid(),
  value: z.string(),
  kind: z.enum(FLAG_KINDS),
  caseSensitive: z.boolean(),
});
export type LabFlag = z.infer<typeof labFlagSchema>;

/** A lab's hint as its editors see it, in the order students see them. */
export const labHintSchema = z.object({
  id: z.uuid(),
  content: z.string(),
  cost: z.number().int(),
});
export type LabHint = z.infer<typeof labHintSchema>;

export const labSchema = labSummarySchema.extend({
  files: z.array(labFileSchema),
  /** Only for the lab's creator and admins; absent for everyone else. */
  flags: z.array(labFlagSchema).optional(),
  /** Only for those who see the flags; students unlock hints in a classroom. */
  hints: z.array(labHintSchema).optional(),
  /** The lab's live target, if it has one. */
  target: labTargetSummarySchema.nullable(),
  /** The whole target definition: only for the lab's creator and admins. */
  targetDefinition: labTargetSchema.optional(),
  /** The classrooms using this lab that the caller manages: what they may remove it from. */
  classrooms: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type Lab = z.infer<typeof labSchema>;

export const labListSchema = z.array(labSummarySchema);

export const addClassroomLabRequestSchema = opensBeforeDue(
  z.strictObject({ hackingLabId: z.uuid(), ...classroomLabScheduleFields }),
);
export type AddClassroomLabRequest = z.infer<typeof addClassroomLabRequestSchema>;

export const classroomLabLinkSchema = z.object({ classroomId: z.uuid(), hackingLabId: z.uuid() });
export type ClassroomLabLink = z.infer<typeof classroomLabLinkSchema>;
