import {
  fallbackName,
  type Invitation,
  type MemberStatus,
  type Membership,
} from '@hackclass/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseJoinCode } from '../classrooms/join-code';
import { type ClassroomRow, memberName } from '../classrooms/queries';
import type { ApiDatabase } from '../db';
import { classrooms, emailInvitations, members, users } from '../db/schema';
import { apiErrors } from '../errors';
import { recountPoints } from '../leaderboard/recount';
import type { Actor } from '../policies/actors';
import { canJoinClassrooms } from '../policies/classrooms';
import { markStopping } from '../targets/stop-targets';
import type { UserRow } from '../users/ensure-user';
import {
  notifyInvitationAccepted,
  notifyInvited,
  notifyJoinApproved,
  notifyJoinRequested,
} from './notices';
import { decideTransition } from './transitions';

const memberKey = (classroomId: string, userId: string) =>
  and(eq(members.classroomId, classroomId), eq(members.userId, userId));

/** Moves a membership from `from` to `to`, only if it still is in `from` (concurrent changes). */
async function moveMember(
  tx: ApiDatabase,
  classroomId: string,
  userId: string,
  from: MemberStatus,
  to: MemberStatus,
): Promise<boolean> {
  const moved = await tx
    .update(members)
    .set({ status: to, updatedAt: new Date() })
    .where(and(memberKey(classroomId, userId), eq(members.status, from)))
    .returning({ userId: members.userId });
  // Solves from an earlier membership count again.
  if (moved.length > 0 && to === 'Accepted') await recountPoints(tx, [classroomId], userId);
  return moved.length > 0;
}

async function insertMember(
  tx: ApiDatabase,
  classroomId: string,
  userId: string,
  status: MemberStatus,
): Promise<boolean> {
  const inserted = await tx
    .insert(members)
    .values({ classroomId, userId, status })
    .onConflictDoNothing()
    .returning({ userId: members.userId });
  return inserted.length > 0;
}

/**
 * Invites by email: a user becomes `Invited` (or `Accepted`, if they had asked to join); an
 * email without an account, or whose owner may not join, waits in `email_invitations` until
 * someone who may join signs up with it and verifies it. Both answer alike (see
 * `invitationSchema`), so an invitation is no way to learn who has an account.
 */
export async function inviteMember(
  db: ApiDatabase,
  classroom: ClassroomRow,
  inviterId: string,
  userEmail: string,
): Promise<{ invitation: Invitation; created: boolean }> {
  const email = userEmail.trim().toLowerCase();
  const alreadyThere = () => apiErrors.alreadyMember(`${email} is already invited or a member`);
  const [invitee] = await db
    .select({ id: users.id, roleId: users.roleId, name: memberName })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  if (invitee?.id === classroom.creatorId) {
    throw apiErrors.alreadyMember('The classroom’s creator is its teacher already');
  }
  if (!invitee || !canJoinClassrooms(invitee)) {
    const [waiting] = await db
      .insert(emailInvitations)
      .values({ classroomId: classroom.id, email, invitedBy: inviterId })
      .onConflictDoNothing()
      .returning();
    if (!waiting) throw alreadyThere();
    return { invitation: { email, status: 'Invited' }, created: true };
  }
  const event = { classroom, user: invitee };
  return db.transaction(async (tx) => {
    if (await insertMember(tx, classroom.id, invitee.id, 'Invited')) {
      await notifyInvited(tx, event);
      return { invitation: { email, status: 'Invited' }, created: true };
    }
    if (await moveMember(tx, classroom.id, invitee.id, 'PendingApproval', 'Accepted')) {
      await notifyJoinApproved(tx, event);
      return { invitation: { email, status: 'Accepted' }, created: false };
    }
    throw alreadyThere();
  });
}

/**
 * The teacher or an admin takes back an invitation not yet accepted, to an account or to an
 * email waiting for one alike.
 */
export async function withdrawInvitation(
  db: ApiDatabase,
  classroomId: string,
  userEmail: string,
): Promise<void> {
  const email = userEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const waiting = await tx
      .delete(emailInvitations)
      .where(and(eq(emailInvitations.classroomId, classroomId), eq(emailInvitations.email, email)))
      .returning({ email: emailInvitations.email });
    const invited = await tx
      .delete(members)
      .where(
        and(
          eq(members.classroomId, classroomId),
          eq(members.status, 'Invited'),
          inArray(
            members.userId,
            tx
              .select({ id: users.id })
              .from(users)
              .where(eq(sql`lower(${users.email})`, email)),
          ),
        ),
      )
      .returning({ userId: members.userId });
    if (waiting.length + invited.length === 0) throw apiErrors.notFound('Invitation not found');
  });
}

/**
 * Joins by code: a request waiting for approval, or the acceptance of an invitation the
 * caller already had.
 */
export async function joinByCode(
  db: ApiDatabase,
  user: UserRow,
  code: string,
): Promise<{ membership: Membership; created: boolean }> {
  const [classroom] = await db
    .select()
    .from(classrooms)
    .where(eq(classrooms.joinCode, normaliseJoinCode(code)));
  if (!classroom) throw apiErrors.unknownJoinCode();
  if (classroom.creatorId === user.id) {
    throw apiErrors.alreadyMember('You created this classroom');
  }
  const event = { classroom, user: { id: user.id, name: displayNameOf(user) } };
  const membership = (status: MemberStatus) => ({
    classroomId: classroom.id,
    userId: user.id,
    status,
  });
  return db.transaction(async (tx) => {
    if (await insertMember(tx, classroom.id, user.id, 'PendingApproval')) {
      await notifyJoinRequested(tx, event);
      return { membership: membership('PendingApproval'), created: true };
    }
    if (await moveMember(tx, classroom.id, user.id, 'Invited', 'Accepted')) {
      await notifyInvitationAccepted(tx, event);
      return { membership: membership('Accepted'), created: false };
    }
    throw apiErrors.alreadyMember(
      'You are already a member of this classroom or have asked to join it',
    );
  });
}

/** PATCH of a membership's status, as the state machine allows. */
export async function changeMemberStatus(
  db: ApiDatabase,
  classroom: ClassroomRow,
  actor: Actor,
  byManager: boolean,
  userId: string,
  to: MemberStatus,
): Promise<Membership> {
  const bySelf = userId === actor.id;
  if (!bySelf && !byManager) throw apiErrors.forbidden('You may change only your own membership');
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ status: members.status, name: memberName })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(memberKey(classroom.id, userId))
      .for('update', { of: members });
    if (!member) throw apiErrors.notFound('Member not found');
    const decision = decideTransition({ from: member.status, to, bySelf, byManager });
    if (!decision.allowed) {
      throw decision.reason === 'forbidden'
        ? apiErrors.forbidden(decision.detail)
        : apiErrors.memberTransition(decision.detail);
    }
    await moveMember(tx, classroom.id, userId, member.status, to);
    const event = { classroom, user: { id: userId, name: member.name } };
    if (member.status === 'Invited') await notifyInvitationAccepted(tx, event);
    else await notifyJoinApproved(tx, event);
    return { classroomId: classroom.id, userId, status: to };
  });
}

/**
 * The teacher or an admin removes anyone; a member removes themself (decline, withdraw, leave).
 * Their targets in the classroom stop: returns them, to release once committed.
 */
export async function removeMember(
  db: ApiDatabase,
  classroomId: string,
  actor: Actor,
  byManager: boolean,
  userId: string,
): Promise<string[]> {
  if (userId !== actor.id && !byManager) {
    throw apiErrors.forbidden('You may remove only yourself');
  }
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(members)
      .where(memberKey(classroomId, userId))
      .returning({ userId: members.userId });
    if (removed.length === 0) throw apiErrors.notFound('Member not found');
    return markStopping(tx, { classroomId, userId });
  });
}

const displayNameOf = (user: Pick<UserRow, 'id' | 'displayName'>) =>
  user.displayName?.trim() || fallbackName(user.id);

/**
 * Turns the invitations waiting for `user`'s email into `Invited` memberships, each with its
 * notification. Call it in the transaction that records the email as verified.
 */
export async function claimEmailInvitations(tx: ApiDatabase, user: UserRow): Promise<void> {
  if (!user.emailVerified || !canJoinClassrooms(user)) return;
  const claimed = await tx
    .delete(emailInvitations)
    .where(eq(emailInvitations.email, user.email.toLowerCase()))
    .returning({ classroomId: emailInvitations.classroomId });
  if (claimed.length === 0) return;
  const invitedTo = await tx
    .select()
    .from(classrooms)
    .where(
      inArray(
        classrooms.id,
        claimed.map((invitation) => invitation.classroomId),
      ),
    );
  const name = displayNameOf(user);
  for (const classroom of invitedTo) {
    if (classroom.creatorId === user.id) continue;
    if (await insertMember(tx, classroom.id, user.id, 'Invited')) {
      await notifyInvited(tx, { classroom, user: { id: user.id, name } });
    }
  }
}
