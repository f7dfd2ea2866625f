import { z } from 'zod';

/** The token of an invitation link: 32 random bytes, base64url. */
export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'An invitation link ends with 43 letters, digits, - or _'),
});

export const INVITATION_LINK_STATES = [
  'pending',
  'accepted',
  'withdrawn',
  'expired',
  'not_found',
] as const;
export type InvitationLinkState = (typeof INVITATION_LINK_STATES)[number];

/**
 * What an invitation link says to whoever opens it, signed in or not. `email` is masked
 * (`a***@school.org`) unless the caller is signed in with that very address, verified.
 */
export const invitationLinkSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('not_found') }),
  z.object({
    state: z.enum(['pending', 'accepted', 'withdrawn', 'expired']),
    classroomId: z.uuid(),
    classroomName: z.string(),
    teacherName: z.string(),
    email: z.string(),
    /** Whether the signed-in caller is the invited address, and so may accept once verified. */
    forCaller: z.boolean(),
    expiresAt: z.iso.datetime(),
  }),
]);
export type InvitationLink = z.infer<typeof invitationLinkSchema>;
