import { z } from 'zod';
import { memberParamsSchema } from './members';
import { pageOf, pageQueryFields } from './paging';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

/** Students are many, labs few: a page of students with every lab's cell. */
export const GRADEBOOK_PAGE_SIZE = { default: 50, max: 200 } as const;

export const GRADEBOOK_SORTS = ['name', 'points'] as const;
export type GradebookSort = (typeof GRADEBOOK_SORTS)[number];

export const gradebookQuerySchema = z.object({
  /** By name (A to Z), or by points (most first, then by name). */
  sort: z.enum(GRADEBOOK_SORTS).default('name'),
  search: z.string().max(200).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
  ...pageQueryFields(GRADEBOOK_PAGE_SIZE),
});
export type GradebookQuery = z.infer<typeof gradebookQuerySchema>;

/** The CSV has every student at once, in the same order. */
export const gradebookCsvQuerySchema = gradebookQuerySchema.pick({ sort: true, search: true });

export const gradebookLabSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** What a solve of it is worth now, before late credit and hint costs. */
  points: z.number().int(),
  dueAt: z.iso.datetime().nullable(),
  /** What a solve after `dueAt` earns, in percent of `points`. */
  latePercent: z.number().int(),
});
export type GradebookLab = z.infer<typeof gradebookLabSchema>;

/** One student's result for one lab. */
export const gradebookCellSchema = z.object({
  labId: z.uuid(),
  solved: z.boolean(),
  /** Earned: after late credit and hint costs; 0 when not solved. */
  points: z.number().int(),
  solvedAt: z.iso.datetime().nullable(),
  late: z.boolean(),
  /** The costs of the lab's hints the student unlocked here. */
  hintCost: z.number().int(),
});
export type GradebookCell = z.infer<typeof gradebookCellSchema>;

export const gradebookStudentSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  /** The student's points here, as on the leaderboard. */
  total: z.number().int(),
  /** Labs solved that count. */
  solved: z.number().int(),
  /** One per lab, in the order of `labs`. */
  cells: z.array(gradebookCellSchema),
});
export type GradebookStudent = z.infer<typeof gradebookStudentSchema>;

/** Managers get a page of every accepted student; a student gets their own row alone. */
export const gradebookSchema = z.object({
  labs: z.array(gradebookLabSchema),
  students: pageOf(gradebookStudentSchema),
});
export type Gradebook = z.infer<typeof gradebookSchema>;

export const timelineParamsSchema = memberParamsSchema;

export const TIMELINE_PAGE_SIZE = { default: 50, max: 100 } as const;

export const timelineQuerySchema = z.object(pageQueryFields(TIMELINE_PAGE_SIZE));
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;

const timelineLab = { labId: z.uuid(), labName: z.string(), at: z.iso.datetime() };

/** What a student did in a classroom, for its managers: flags sent, hints opened, labs solved. */
export const timelineEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('submission'),
    ...timelineLab,
    correct: z.boolean(),
    /** A refused flag that was another student's per-student target flag, naming whose. */
    sharedFlagOwner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  }),
  z.object({
    kind: z.literal('hint'),
    ...timelineLab,
    /** The hint's place among the lab's hints, from 1. */
    hintNumber: z.number().int(),
    cost: z.number().int(),
  }),
  z.object({
    kind: z.literal('solve'),
    ...timelineLab,
    /** Earned now, after late credit and hint costs. */
    points: z.number().int(),
    late: z.boolean(),
  }),
]);
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineSchema = z.object({
  student: z.object({ userId: z.uuid(), name: z.string() }),
  events: pageOf(timelineEventSchema),
});
export type Timeline = z.infer<typeof timelineSchema>;
