import { z } from 'zod';
import { MEMBER_PAGE_SIZE } from './members';
import { pageOf, pageQueryFields } from './paging';

export const classroomLabHintsParamsSchema = z.object({ id: z.uuid(), labId: z.uuid() });

export const hintUnlockParamsSchema = classroomLabHintsParamsSchema.extend({ hintId: z.uuid() });

/**
 * A hint of a lab as a classroom's member sees it: what it costs, whether they unlocked it, and
 * its content once they have. The classroom's managers get every hint's content.
 */
export const classroomHintSchema = z.object({
  id: z.uuid(),
  /** 1 for the first hint. */
  position: z.number().int(),
  cost: z.number().int(),
  unlocked: z.boolean(),
  unlockedAt: z.iso.datetime().nullable(),
  /** Markdown: render it safely. Null until unlocked. */
  content: z.string().nullable(),
});
export type ClassroomHint = z.infer<typeof classroomHintSchema>;

export const classroomHintListSchema = z.array(classroomHintSchema);

export const hintUnlockListQuerySchema = z.object({
  labId: z.uuid().optional(),
  ...pageQueryFields(MEMBER_PAGE_SIZE),
});
export type HintUnlockListQuery = z.infer<typeof hintUnlockListQuerySchema>;

/** A member unlocked a hint of a lab in the classroom. */
export const hintUnlockSchema = z.object({
  user: z.object({ id: z.uuid(), name: z.string() }),
  labId: z.uuid(),
  labName: z.string(),
  hintId: z.uuid(),
  /** 1 for the lab's first hint. */
  position: z.number().int(),
  cost: z.number().int(),
  unlockedAt: z.iso.datetime(),
});
export type HintUnlock = z.infer<typeof hintUnlockSchema>;

export const hintUnlockListSchema = pageOf(hintUnlockSchema);
export type HintUnlockList = z.infer<typeof hintUnlockListSchema>;
