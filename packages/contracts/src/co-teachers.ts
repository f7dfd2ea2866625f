import { z } from 'zod';
import { emailSchema } from './email';

/** A teacher who runs a classroom with its creator, as those who run it see them. */
export const coTeacherSchema = z.object({
  userId: z.uuid(),
  /** The display name, else `fallbackName` of the user id. */
  name: z.string(),
  email: z.string(),
  addedAt: z.iso.datetime(),
  /** Whether the caller may remove them: who manages co-teachers, or they themself (stepping down). */
  can: z.object({ remove: z.boolean() }),
});
export type CoTeacher = z.infer<typeof coTeacherSchema>;

/** By name. */
export const coTeacherListSchema = z.array(coTeacherSchema);

export const addCoTeacherSchema = z.strictObject({
  email: emailSchema,
});
export type AddCoTeacher = z.infer<typeof addCoTeacherSchema>;

export const coTeacherParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
