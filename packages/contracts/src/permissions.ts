import { z } from 'zod';

/**
 * What the caller may do, decided by the API's policies and sent with each resource, so that
 * clients show exactly the actions the API will allow and keep no role logic of their own.
 */

/** What the signed-in user may do anywhere: sent with `GET /api/users/me`. */
export const userCanSchema = z.object({
  /** Teachers and admins. */
  createClassrooms: z.boolean(),
  /** Teachers and admins. */
  createLabs: z.boolean(),
  /** Everyone but guests. */
  listLabs: z.boolean(),
  /** Everyone but guests. */
  joinClassrooms: z.boolean(),
  /** Admins: the admin screens and every classroom's analytics. */
  administer: z.boolean(),
});
export type UserCan = z.infer<typeof userCanSchema>;

/** What the caller may do with one classroom. */
export const classroomCanSchema = z.object({
  /**
   * Settings, members, labs, join code, submissions, analytics and the targets view: its creator
   * and co-teachers (while teachers), and admins.
   */
  manage: z.boolean(),
  /** Its creator (while a teacher) and admins; co-teachers run it but do not delete it. */
  delete: z.boolean(),
  /** Add and remove co-teachers: its creator (while a teacher) and admins. */
  manageCoTeachers: z.boolean(),
  /** Accepted members who are neither admins nor guests. */
  submitFlags: z.boolean(),
  /** Accepted members who are not guests start targets of their own. */
  runTargets: z.boolean(),
});
export type ClassroomCan = z.infer<typeof classroomCanSchema>;

/** What the caller may do with one lab: its creator while still a teacher, and admins. */
export const labCanSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  seeFlags: z.boolean(),
  addToClassrooms: z.boolean(),
});
export type LabCan = z.infer<typeof labCanSchema>;

/** What the caller may do with one target. */
export const targetCanSchema = z.object({
  /** Its student, the classroom's teacher and admins. */
  stop: z.boolean(),
  /** Its student only. */
  extend: z.boolean(),
  /** Its student only. */
  reset: z.boolean(),
});
export type TargetCan = z.infer<typeof targetCanSchema>;
