import { ANNOUNCEMENT_EXCERPT_LENGTH, type Announcement } from '@hackclass/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { announcements, members } from '../db/schema';
import { type NotificationRow, notify } from '../notifications/notify';
import { plainExcerpt } from './excerpt';
import { presentAnnouncement, selectAnnouncements } from './present-announcement';

export interface PostedAnnouncement {
  announcement: Announcement;
  /** One for each accepted member, to publish once committed. */
  notifications: NotificationRow[];
}

/** Posts an announcement to a classroom and notifies its accepted members, in one transaction. */
export function postAnnouncement(
  db: ApiDatabase,
  classroom: { id: string; name: string },
  authorId: string,
  body: string,
): Promise<PostedAnnouncement> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(announcements)
      .values({ classroomId: classroom.id, authorId, body })
      .returning({ id: announcements.id });
    if (!inserted) throw new Error('The announcement was not inserted');
    const [row] = await selectAnnouncements(tx).where(eq(announcements.id, inserted.id));
    if (!row) throw new Error('The announcement just inserted was not found');
    const accepted = await tx
      .select({ userId: members.userId })
      .from(members)
      .where(
        and(
          eq(members.classroomId, classroom.id),
          eq(members.status, 'Accepted'),
          ne(members.userId, authorId),
        ),
      );
    const notifications = await notify(
      tx,
      accepted.map((member) => member.userId),
      'Announcement',
      {
        classroomId: classroom.id,
        classroomName: classroom.name,
        announcementId: inserted.id,
        excerpt: plainExcerpt(body, ANNOUNCEMENT_EXCERPT_LENGTH),
      },
    );
    return { announcement: presentAnnouncement(row), notifications };
  });
}
