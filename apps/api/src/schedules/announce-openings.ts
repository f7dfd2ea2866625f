import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabs, classrooms, labs, members } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { labNotice, notify } from '../notifications/notify';

/**
 * Tells the accepted members of each classroom of the labs that opened there since the last
 * call (`LabOpened`), once: marking a lab announced and telling its members happen in one
 * transaction, and the row locks of the marking let only one replica announce each opening.
 * Returns how many labs opened.
 */
export async function announceOpenedLabs(db: ApiDatabase): Promise<number> {
  return db.transaction(async (tx) => {
    const opened = await tx
      .update(classroomLabs)
      .set({ announcedAt: sql`now()` })
      .where(
        and(
          isNull(classroomLabs.announcedAt),
          // A lab whose opening was cleared after it was added opens now.
          or(isNull(classroomLabs.opensAt), lte(classroomLabs.opensAt, sql`now()`)),
        ),
      )
      .returning({ classroomId: classroomLabs.classroomId, labId: classroomLabs.labId });
    if (opened.length === 0) return 0;
    const classroomIds = [...new Set(opened.map((row) => row.classroomId))];
    const [openedIn, openedLabs, accepted] = await Promise.all([
      tx
        .select({ id: classrooms.id, name: classrooms.name })
        .from(classrooms)
        .where(inArray(classrooms.id, classroomIds)),
      tx
        .select({ id: labs.id, name: labs.name, slug: labs.slug })
        .from(labs)
        .where(inArray(labs.id, [...new Set(opened.map((row) => row.labId))])),
      tx
        .select({ classroomId: members.classroomId, userId: members.userId })
        .from(members)
        .where(and(inArray(members.classroomId, classroomIds), eq(members.status, 'Accepted'))),
    ]);
    for (const { classroomId, labId } of opened) {
      const classroom = openedIn.find((candidate) => candidate.id === classroomId);
      const lab = openedLabs.find((candidate) => candidate.id === labId);
      if (!classroom || !lab) continue;
      const told = accepted.filter((member) => member.classroomId === classroomId);
      await notify(
        tx,
        told.map((member) => member.userId),
        'LabOpened',
        labNotice(classroom, lab),
      );
    }
    for (const classroomId of classroomIds) recordEvent(tx, { type: 'labs.changed', classroomId });
    return opened.length;
  });
}
