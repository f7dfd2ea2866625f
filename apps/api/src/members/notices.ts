import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomCoTeachers } from '../db/schema';
import { notify } from '../notifications/notify';

/** What membership notifications carry, so the web app can name and link the classroom. */
export interface MembershipEvent {
  classroom: { id: string; name: string; creatorId: string | null };
  user: { id: string; name: string };
}

const dataOf = ({ classroom, user }: MembershipEvent) => ({
  classroomId: classroom.id,
  classroomName: classroom.name,
  userId: user.id,
  userName: user.name,
});

/** Those who approve requests: the creator and the co-teachers. */
async function teachersOf(tx: ApiDatabase, { classroom }: MembershipEvent) {
  const coTeachers = await tx
    .select({ userId: classroomCoTeachers.userId })
    .from(classroomCoTeachers)
    .where(eq(classroomCoTeachers.classroomId, classroom.id));
  return [
    ...(classroom.creatorId ? [classroom.creatorId] : []),
    ...coTeachers.map((coTeacher) => coTeacher.userId),
  ];
}

export const notifyInvited = (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, [event.user.id], 'InvitationReceived', dataOf(event));

export const notifyJoinRequested = async (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, await teachersOf(tx, event), 'JoinRequested', dataOf(event));

export const notifyJoinApproved = (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, [event.user.id], 'JoinApproved', dataOf(event));

export const notifyInvitationAccepted = async (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, await teachersOf(tx, event), 'InvitationAccepted', dataOf(event));
