import { z } from 'zod';
import { emailSchema } from './email';
import { pageOf, pageQueryFields } from './paging';
import { hasNoNul, NO_NUL_MESSAGE } from './text';

export const MEMBER_STATUSES = ['Invited', 'PendingApproval', 'Accepted'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const memberStatusSchema = z.enum(MEMBER_STATUSES);

export const memberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });

export const inviteMemberQuerySchema = z.object({
  userEmail: emailSchema,
});

/**
 * An invitation as its sender sees it: `Invited` alike whether the email has an account, has
 * none yet (the invitation waits for its owner to sign up and verify it) or belongs to someone
 * who may not join, so inviting reveals nothing about who is registered. `Accepted` when the
 * email's owner had asked to join, which the teacher already knew.
 */
export const invitationSchema = z.object({
  email: z.string(),
  status: z.enum(['Invited', 'Accepted']),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const joinClassroomRequestSchema = z.strictObject({
  classroomCode: z
    .string()
    .trim()
    .min(1, 'Enter the classroom code')
    .max(32)
    .refine(hasNoNul, NO_NUL_MESSAGE),
});

export const membershipSchema = z.object({
  classroomId: z.uuid(),
  userId: z.uuid(),
  status: memberStatusSchema,
});
export type Membership = z.infer<typeof membershipSchema>;

export const memberStatusChangeSchema = z.strictObject({ status: memberStatusSchema });

export const MEMBER_PAGE_SIZE = { default: 20, max: 100 } as const;

export const memberListQuerySchema = z.object({
  /** Repeat to allow several: `status=Accepted&status=Invited`. */
  status: z
    .union([memberStatusSchema, z.array(memberStatusSchema)])
    .optional()
    .transform((status) => (status === undefined ? undefined : [status].flat())),
  search: z.string().max(200).refine(hasNoNul, NO_NUL_MESSAGE).optional(),
  ...pageQueryFields(MEMBER_PAGE_SIZE),
});
export type MemberListQuery = z.infer<typeof memberListQuerySchema>;

export const memberListItemSchema = z.object({
  /** Null for an invitation not yet accepted: who it reaches stays unknown until then. */
  userId: z.uuid().nullable(),
  /** For an invitation not yet accepted, the email it was sent to. */
  name: z.string(),
  /** Only for those who manage the classroom. */
  email: z.string().optional(),
  status: memberStatusSchema,
  points: z.number().int(),
  isCreator: z.boolean(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;

export const memberListSchema = pageOf(memberListItemSchema).extend({
  /**
   * The whole classroom's, whatever the filter: `members` as every count of members says it (the
   * accepted, not its creator); for those who manage it, the requests and invitations waiting.
   */
  counts: z.object({
    members: z.number().int(),
    asking: z.number().int().optional(),
    invited: z.number().int().optional(),
  }),
});
export type MemberList = z.infer<typeof memberListSchema>;
