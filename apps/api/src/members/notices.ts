import type { ApiDatabase } from '../db';
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

const teacherOf = ({ classroom }: MembershipEvent) =>
  classroom.creatorId ? [classroom.creatorId] : [];

export const notifyInvited = (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, [event.user.id], 'InvitationReceived', dataOf(event));

export const notifyJoinRequested = (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, teacherOf(event), 'JoinRequested', dataOf(event));

export const notifyJoinApproved = (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, [event.user.id], 'JoinApproved', dataOf(event));

export const notifyInvitationAccepted = (tx: ApiDatabase, event: MembershipEvent) =>
  notify(tx, teacherOf(event), 'InvitationAccepted', dataOf(event));
