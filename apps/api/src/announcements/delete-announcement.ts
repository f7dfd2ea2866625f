import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { announcements } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { apiErrors } from '../errors';

/** Deletes one of the classroom's announcements; its notifications stay, linking to the classroom. */
export async function deleteAnnouncement(
  db: ApiDatabase,
  classroomId: string,
  announcementId: string,
): Promise<void> {
  const deleted = await db
    .delete(announcements)
    .where(and(eq(announcements.id, announcementId), eq(announcements.classroomId, classroomId)))
    .returning({ id: announcements.id });
  if (deleted.length === 0) throw apiErrors.notFound('Announcement not found');
  recordEvent(db, { type: 'announcements.changed', classroomId });
}
