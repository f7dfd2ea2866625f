import type { Announcement } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { announcements, users } from '../db/schema';
import { memberName } from '../users/member-name';

/** Announcements with their author's name for others, as the API answers them. */
export const selectAnnouncements = (db: ApiDatabase) =>
  db
    .select({
      id: announcements.id,
      body: announcements.body,
      createdAt: announcements.createdAt,
      authorId: users.id,
      authorName: memberName,
    })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId));

type AnnouncementRow = Awaited<
  ReturnType<ReturnType<typeof selectAnnouncements>['execute']>
>[number];

export const presentAnnouncement = (row: AnnouncementRow): Announcement => ({
  id: row.id,
  body: row.body,
  author: row.authorId ? { id: row.authorId, name: row.authorName } : null,
  createdAt: row.createdAt.toISOString(),
});
