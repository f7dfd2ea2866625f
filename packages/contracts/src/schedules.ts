import { z } from 'zod';
import { LAB_REQUIREMENTS_MAX, LATE_PERCENT } from './course';

/**
 * What a classroom lab is to the caller: `upcoming` (not open yet: only its managers see it),
 * `locked` (open, but labs it requires are unsolved) or `open`.
 */
export const LAB_AVAILABILITIES = ['upcoming', 'locked', 'open'] as const;
export type LabAvailability = (typeof LAB_AVAILABILITIES)[number];

export const OPENS_BEFORE_DUE = 'The due date must come after the opening';

const instant = z.iso.datetime({ offset: true, error: 'Enter a date and time' });

/** A lab's schedule and unlock path in one classroom; a field left out keeps its value. */
export const classroomLabScheduleFields = {
  /** Hidden from students until then; null: open from the start. */
  opensAt: instant.nullable().optional(),
  /** Solves after it are late; null: no due date. */
  dueAt: instant.nullable().optional(),
  /** What a late solve earns, in percent of the lab's points: 100 full, 0 none. */
  latePercent: z
    .number({ error: 'Enter a percentage' })
    .int('Enter a whole percentage')
    .min(LATE_PERCENT.min, `Enter at least ${LATE_PERCENT.min}`)
    .max(LATE_PERCENT.max, `Enter at most ${LATE_PERCENT.max}`)
    .optional(),
  /** Labs of the same classroom to solve before this one opens. */
  requires: z
    .array(z.uuid({ error: 'Choose labs of this classroom' }))
    .max(LAB_REQUIREMENTS_MAX, `Require at most ${LAB_REQUIREMENTS_MAX} labs`)
    .optional(),
};

/** Refuses an opening at or after the due date when the request names both. */
export const opensBeforeDue = <T extends { opensAt?: string | null; dueAt?: string | null }>(
  schema: z.ZodType<T>,
) =>
  schema.refine(
    (value) =>
      !value.opensAt || !value.dueAt || Date.parse(value.opensAt) < Date.parse(value.dueAt),
    { message: OPENS_BEFORE_DUE, path: ['dueAt'] },
  );

export const updateClassroomLabRequestSchema = opensBeforeDue(
  z.strictObject(classroomLabScheduleFields),
);
export type UpdateClassroomLabRequest = z.infer<typeof updateClassroomLabRequestSchema>;

/** The schedule of a lab in a classroom, as the classroom presents it. */
export const classroomLabScheduleSchema = z.object({
  opensAt: z.iso.datetime().nullable(),
  dueAt: z.iso.datetime().nullable(),
  latePercent: z.number().int(),
  /** The labs of the classroom to solve first, by name. */
  requires: z.array(z.object({ id: z.uuid(), name: z.string() })),
  availability: z.enum(LAB_AVAILABILITIES),
});
export type ClassroomLabSchedule = z.infer<typeof classroomLabScheduleSchema>;
