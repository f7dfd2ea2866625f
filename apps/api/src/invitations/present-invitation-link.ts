import type { InvitationLink } from '@hackclass/contracts';
import type { UserRow } from '../db/schema';
import type { FoundInvitationLink } from './find-invitation-link';
import { maskEmail } from './mask-email';

/**
 * What the link's page shows: the address in full only to its owner, once they have verified
 * it (anyone may sign up with an address they do not own). An unverified caller with that
 * address is still told the link is theirs, to be asked to verify it.
 */
export function presentInvitationLink(
  link: FoundInvitationLink | undefined,
  caller: Pick<UserRow, 'email' | 'emailVerified'> | undefined,
): InvitationLink {
  if (!link) return { state: 'not_found' };
  const forCaller = caller?.email.toLowerCase() === link.email;
  const owner = forCaller && caller?.emailVerified === true;
  return {
    state: link.state,
    classroomId: link.classroomId,
    classroomName: link.classroomName,
    teacherName: link.teacherName,
    email: owner ? link.email : maskEmail(link.email),
    forCaller,
    expiresAt: link.expiresAt.toISOString(),
  };
}
