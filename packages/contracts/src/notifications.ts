import { z } from 'zod';

export const NOTIFICATION_TYPES = [
  'InvitationReceived',
  'JoinRequested',
  'JoinApproved',
  'InvitationAccepted',
  'LabAdded',
  'LabOpened',
  'TeacherApproved',
  'Announcement',
  'CoTeacherAdded',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LIST_LIMIT = 50;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  /** Ids and names to show and link to, e.g. `classroomId`, `classroomName`, `userName`. */
  data: z.record(z.string(), z.string()),
  readAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The newest notifications, and how many of all are unread. */
export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Marks the given notifications read, or all when `ids` is absent. */
export const markNotificationsReadSchema = z.strictObject({
  ids: z.array(z.uuid()).max(500).optional(),
});
