import { ANNOUNCEMENT_EXCERPT_LENGTH, type Announcement } from '@hackclass/contracts';
import { announcementMail, mailBrandOf } from '@hackclass/mail';
import { and, eq, ne } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { announcements, members, users } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { queueMail } from '../mail/queue-mail';
import { notify } from '../notifications/notify';
import { plainExcerpt } from './excerpt';
import { presentAnnouncement, selectAnnouncements } from './present-announcement';

/** Set when the announcement is also mailed: where the mails' links lead, and who signs them. */
export interface AnnouncementMailing {
  /** The origin users reach (PUBLIC_URL). */
  publicUrl: string;
  authorName: string;
}

/**
 * Posts an announcement to a classroom and notifies its accepted members, in one transaction;
 * with `mailing`, each of them also gets it by mail through the outbox, in the same transaction.
 */
export function postAnnouncement(
  db: ApiDatabase,
  classroom: { id: string; name: string },
  authorId: string,
  body: string,
  mailing?: AnnouncementMailing,
): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(announcements)
      .values({ classroomId: classroom.id, authorId, body })
      .returning({ id: announcements.id });
    if (!inserted) throw new Error('The announcement was not inserted');
    const [row] = await selectAnnouncements(tx).where(eq(announcements.id, inserted.id));
    if (!row) throw new Error('The announcement just inserted was not found');
    const accepted = await tx
      .select({ userId: members.userId, email: users.email })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .where(
        and(
          eq(members.classroomId, classroom.id),
          eq(members.status, 'Accepted'),
          ne(members.userId, authorId),
        ),
      );
    await notify(
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
    if (mailing) {
      const brand = mailBrandOf(mailing.publicUrl);
      for (const member of accepted) {
        await queueMail(
          tx,
          announcementMail(brand, {
            to: member.email,
            classroomName: classroom.name,
            authorName: mailing.authorName,
            body,
            classroomUrl: `${mailing.publicUrl}/classrooms/${classroom.id}`,
          }),
        );
      }
    }
    recordEvent(tx, { type: 'announcements.changed', classroomId: classroom.id });
    return presentAnnouncement(row);
  });
}
