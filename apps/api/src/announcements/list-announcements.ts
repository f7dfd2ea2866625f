import {
  type AnnouncementList,
  type AnnouncementListQuery,
  pageOfItems,
} from '@hackclass/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { announcements } from '../db/schema';
import { presentAnnouncement, selectAnnouncements } from './present-announcement';

/** A page of a classroom's announcements, newest first. */
export async function listAnnouncements(
  db: ApiDatabase,
  classroomId: string,
  { page, pageSize }: AnnouncementListQuery,
): Promise<AnnouncementList> {
  const inClassroom = eq(announcements.classroomId, classroomId);
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(announcements).where(inClassroom),
    selectAnnouncements(db)
      .where(inClassroom)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return pageOfItems(rows.map(presentAnnouncement), total, { page, pageSize });
}
