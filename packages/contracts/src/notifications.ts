export const NOTIFICATION_TYPES = [
  'InvitationReceived',
  'JoinRequested',
  'JoinApproved',
  'InvitationAccepted',
  'LabAdded',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
