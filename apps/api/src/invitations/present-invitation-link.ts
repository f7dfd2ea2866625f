import type { InvitationLink } from '@hackclass/contracts';
import type { UserRow } from '../db/schema';
import type { FoundInvitationLink } from './find-invitation-link';
import { maskEmail } from './mask-email';

/** What the link's page shows: the address in full only to its owner. */
export function presentInvitationLink(
  link: FoundInvitationLink | undefined,
  caller: Pick<UserRow, 'email'> | undefined,
): InvitationLink {
  if (!link) return { state: 'not_found' };
  const forCaller = caller?.email.toLowerCase() === link.email;
  return {
    state: link.state,
    classroomId: link.classroomId,
    classroomName: link.classroomName,
    teacherName: link.teacherName,
    email: forCaller ? link.email : maskEmail(link.email),
    forCaller,
    expiresAt: link.expiresAt.toISOString(),
  };
}
