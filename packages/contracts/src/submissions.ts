import { z } from 'zod';
import { LAB_FLAG_MAX_LENGTH } from './labs';
import { MEMBER_PAGE_SIZE } from './members';
import { pageOf, pageQueryFields } from './paging';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

export const flagSubmissionParamsSchema = z.object({ id: z.uuid(), labId: z.uuid() });

/** A typed flag as it is checked: without the spaces and line ends around it. */
export const normalizeFlag = (typed: string) => typed.trim();

export const FLAG_REQUIRED = 'Enter a flag';

export const flagSubmissionRequestSchema = z.strictObject({
  flag: z
    .string(FLAG_REQUIRED)
    .overwrite(normalizeFlag)
    .min(1, FLAG_REQUIRED)
    .max(LAB_FLAG_MAX_LENGTH, `A flag has at most ${LAB_FLAG_MAX_LENGTH} characters`)
    .refine(hasNoNul, NO_NUL_MESSAGE),
});
export type FlagSubmissionRequest = z.infer<typeof flagSubmissionRequestSchema>;

export const flagSubmissionResultSchema = z.object({
  correct: z.boolean(),
  /** The caller had solved this lab here before this submission. */
  alreadySolved: z.boolean(),
  /** The caller's points in the classroom now. */
  points: z.number().int(),
  /** When the caller solved the lab here, if they have. */
  solvedAt: z.iso.datetime().optional(),
  /** The caller's solve came after the lab's due date here. */
  late: z.boolean(),
  /** A sentence to show. */
  message: z.string(),
});
export type FlagSubmissionResult = z.infer<typeof flagSubmissionResultSchema>;

export const submissionListQuerySchema = z.object({
  labId: z.uuid().optional(),
  /** Members who do not manage the classroom may ask only for their own. */
  userId: z.uuid().optional(),
  ...pageQueryFields(MEMBER_PAGE_SIZE),
});
export type SubmissionListQuery = z.infer<typeof submissionListQuerySchema>;

export const submissionSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  name: z.string(),
  labId: z.uuid(),
  labName: z.string(),
  /**
   * What was typed, for its submitter and for those who may see the lab's flags (its creator and
   * admins); null for anyone else, such as the teacher of a classroom another teacher's lab was
   * added to, since a correct or nearly correct guess gives the flag away.
   */
  flag: z.string().nullable(),
  correct: z.boolean(),
  /**
   * A refused flag that was another student's per-student target flag: a suspected shared
   * flag, naming whose it was. Null for every other submission.
   */
  sharedFlagOwner: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  submittedAt: z.iso.datetime(),
});
export type Submission = z.infer<typeof submissionSchema>;

export const submissionListSchema = pageOf(submissionSchema);
export type SubmissionList = z.infer<typeof submissionListSchema>;

/** Accepted members by points; ties go to whoever reached the score first. */
export const leaderboardEntrySchema = z.object({
  /** Equal for equal points reached at the same time (everyone on 0 shares the last rank). */
  rank: z.number().int(),
  userId: z.uuid(),
  name: z.string(),
  points: z.number().int(),
  /** Labs solved that count (those still in the classroom). */
  solves: z.number().int(),
  /** Labs the member solved first in the classroom (ties share the mark). */
  firstSolves: z.number().int(),
  /** When the member reached their points; null on 0. */
  reachedAt: z.iso.datetime().nullable(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

/** A classroom of thousands is read a page at a time, best first. */
export const LEADERBOARD_PAGE_SIZE = { default: 50, max: 100 } as const;

export const leaderboardQuerySchema = z.object({
  ...pageQueryFields(LEADERBOARD_PAGE_SIZE),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

export const leaderboardSchema = pageOf(leaderboardEntrySchema);
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const classroomAnalyticsSchema = z.object({
  /** Solves of the classroom's labs by accepted members, per UTC day, oldest first. */
  solvesPerDay: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
  labs: z.array(
    z.object({
      labId: z.uuid(),
      name: z.string(),
      points: z.number().int(),
      solveCount: z.number().int(),
      /** Every submission for the lab here, right or wrong. */
      attemptCount: z.number().int(),
      /** Solvers ÷ accepted members, 0 to 1. */
      solveRate: z.number(),
    }),
  ),
  students: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      points: z.number().int(),
      solved: z.number().int(),
      submissions: z.number().int(),
    }),
  ),
  /** Refused flags that were another student's per-student target flag, newest first. */
  suspectedSharedFlags: z.array(
    z.object({
      submissionId: z.uuid(),
      labId: z.uuid(),
      labName: z.string(),
      submitter: z.object({ id: z.uuid(), name: z.string() }),
      owner: z.object({ id: z.uuid(), name: z.string() }),
      submittedAt: z.iso.datetime(),
    }),
  ),
});
export type ClassroomAnalytics = z.infer<typeof classroomAnalyticsSchema>;

export const userActivitySchema = z.object({
  /** The caller's latest solves across classrooms, newest first. */
  recentSolves: z.array(
    z.object({
      classroomId: z.uuid(),
      classroomName: z.string(),
      labId: z.uuid(),
      labName: z.string(),
      labSlug: z.string(),
      points: z.number().int(),
      solvedAt: z.iso.datetime(),
    }),
  ),
  /**
   * The open labs with a due date the caller has not solved in the classrooms they were
   * accepted into, soonest first: those past due (`late`) lead.
   */
  dueDates: z.array(
    z.object({
      classroomId: z.uuid(),
      classroomName: z.string(),
      labId: z.uuid(),
      labName: z.string(),
      labSlug: z.string(),
      dueAt: z.iso.datetime(),
      late: z.boolean(),
      /** What a solve earns once late, in percent of the lab's points. */
      latePercent: z.number().int(),
    }),
  ),
  /** The caller's standing in each classroom they were accepted into. */
  standings: z.array(
    z.object({
      classroomId: z.uuid(),
      classroomName: z.string(),
      rank: z.number().int(),
      points: z.number().int(),
      memberCount: z.number().int(),
    }),
  ),
  /** For teachers and admins: the classrooms they created. */
  teaching: z
    .object({
      pendingRequests: z.array(
        z.object({ classroomId: z.uuid(), classroomName: z.string(), count: z.number().int() }),
      ),
      recentSubmissions: z.array(
        submissionSchema.omit({ flag: true }).extend({
          classroomId: z.uuid(),
          classroomName: z.string(),
        }),
      ),
    })
    .optional(),
});
export type UserActivity = z.infer<typeof userActivitySchema>;
