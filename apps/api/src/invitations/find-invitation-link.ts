import type { InvitationLinkState } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiDatabase } from '../db';
import { classrooms, invitationLinks, users } from '../db/schema';
import { tokenHashOf } from '../invitation-links/invitation-token';
import { displayNameOf } from '../members/membership-rows';
import { memberName } from '../users/member-name';

const inviters = alias(users, 'inviters');

/** An invitation link found by its token, with its classroom and the inviter's name. */
export interface FoundInvitationLink {
  id: string;
  state: Exclude<InvitationLinkState, 'not_found'>;
  classroomId: string;
  classroomName: string;
  /** The classroom's creator stands in for an inviter whose account is gone. */
  teacherName: string;
  email: string;
  expiresAt: Date;
}

export async function findInvitationLink(
  db: ApiDatabase,
  token: string,
  now = new Date(),
): Promise<FoundInvitationLink | undefined> {
  const [link] = await db
    .select({
      id: invitationLinks.id,
      classroomId: invitationLinks.classroomId,
      classroomName: classrooms.name,
      inviterName: inviters.displayName,
      inviterId: inviters.id,
      creatorName: memberName,
      email: invitationLinks.email,
      expiresAt: invitationLinks.expiresAt,
      withdrawnAt: invitationLinks.withdrawnAt,
      acceptedAt: invitationLinks.acceptedAt,
    })
    .from(invitationLinks)
    .innerJoin(classrooms, eq(classrooms.id, invitationLinks.classroomId))
    .innerJoin(users, eq(users.id, classrooms.creatorId))
    .leftJoin(inviters, eq(inviters.id, invitationLinks.invitedBy))
    .where(eq(invitationLinks.tokenHash, tokenHashOf(token)));
  if (!link) return undefined;
  const state = link.acceptedAt
    ? 'accepted'
    : link.withdrawnAt
      ? 'withdrawn'
      : link.expiresAt <= now
        ? 'expired'
        : 'pending';
  return {
    id: link.id,
    state,
    classroomId: link.classroomId,
    classroomName: link.classroomName,
    teacherName: link.inviterId
      ? displayNameOf({ id: link.inviterId, displayName: link.inviterName })
      : link.creatorName,
    email: link.email,
    expiresAt: link.expiresAt,
  };
}
