import { z } from 'zod';
import { LAB_SCORINGS } from './course';
import { LAB_CATEGORIES, LAB_DIFFICULTIES } from './labs';
import { memberStatusSchema } from './members';
import { plainName } from './names';
import { classroomCanSchema } from './permissions';
import { classroomLabScheduleSchema } from './schedules';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

export const CLASSROOM_NAME_MAX_LENGTH = 100;
export const CLASSROOM_DESCRIPTION_MAX_LENGTH = 2000;
export const TEACHER_NAME_MAX_LENGTH = 100;

/** The text fields of the multipart form that creates or updates a classroom. */
export const classroomFieldsSchema = z.object({
  name: plainName(
    z
      .string({ error: 'Enter a name' })
      .trim()
      .min(1, 'Enter a name')
      .max(CLASSROOM_NAME_MAX_LENGTH, `Use at most ${CLASSROOM_NAME_MAX_LENGTH} characters`),
  ),
  description: z
    .string()
    .trim()
    .max(
      CLASSROOM_DESCRIPTION_MAX_LENGTH,
      `Use at most ${CLASSROOM_DESCRIPTION_MAX_LENGTH} characters`,
    )
    .refine(hasNoNul, NO_NUL_MESSAGE)
    .default(''),
  teacherName: plainName(
    z
      .string({ error: 'Enter the teacher’s name' })
      .trim()
      .min(1, 'Enter the teacher’s name')
      .max(TEACHER_NAME_MAX_LENGTH, `Use at most ${TEACHER_NAME_MAX_LENGTH} characters`),
  ),
});
export type ClassroomFields = z.infer<typeof classroomFieldsSchema>;

/** What anyone who may see a classroom at all sees: also invitees and pending requesters. */
export const classroomSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  teacherName: z.string(),
  /** `/api/classrooms/{id}/image?v=…`, changing whenever the classroom does. */
  imageUrl: z.string().nullable(),
  creatorId: z.uuid().nullable(),
  myStatus: memberStatusSchema.nullable(),
  /** A fact to show ("Your classroom"), never a permission: `can` says what the caller may do. */
  isCreator: z.boolean(),
  /** A fact to show ("Co-teaching"): the caller co-teaches it. */
  isCoTeacher: z.boolean(),
  /** Accepted members. */
  memberCount: z.number().int(),
  labCount: z.number().int(),
  can: classroomCanSchema,
});
export type ClassroomSummary = z.infer<typeof classroomSummarySchema>;

export const classroomLabSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  difficulty: z.enum(LAB_DIFFICULTIES),
  category: z.enum(LAB_CATEGORIES),
  /** What a solve earns now: fixed, or a dynamic lab's value after the solves here so far. */
  points: z.number().int(),
  scoring: z.enum(LAB_SCORINGS),
  /** Accepted members who solved it here. */
  solveCount: z.number().int(),
  /** Who solved it here first. */
  firstSolver: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Whether the caller solved it here. */
  solved: z.boolean(),
  /** Whether students start a live target of their own for it. */
  hasTarget: z.boolean(),
  ...classroomLabScheduleSchema.shape,
});
export type ClassroomLab = z.infer<typeof classroomLabSchema>;

/**
 * One classroom. Invitees and pending requesters get the summary with empty `hackingLabs`;
 * `joinCode` is there only for those who manage the classroom. Its members and leaderboard are
 * read a page at a time (`/classrooms/{id}/members`, `/classrooms/{id}/leaderboard`), so the
 * classroom costs the same however many it has.
 */
export const classroomSchema = classroomSummarySchema.extend({
  joinCode: z.string().optional(),
  hackingLabs: z.array(classroomLabSchema),
  /**
   * For those who run the classroom: when the next scheduled lab opens (not which), so that open
   * pages refetch then. Null for students, whose pages refetch on the classroom's `labs` event.
   */
  nextLabOpensAt: z.iso.datetime().nullable(),
});
export type Classroom = z.infer<typeof classroomSchema>;

export const classroomListSchema = z.array(classroomSummarySchema);

export const classroomParamsSchema = z.object({ id: z.uuid() });

export const joinCodeSchema = z.object({ joinCode: z.string() });
