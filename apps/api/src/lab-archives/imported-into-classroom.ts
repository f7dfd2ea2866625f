import { LATE_PERCENT, type LabImportReport } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { classroomLabRequirements, classroomLabs, members } from '../db/schema';
import { recordEvent } from '../domain-events/record-event';
import { labNotice, notify } from '../notifications/notify';
import type { LabDraft } from './lab-draft';

/** A lab that opens after `now` stays unknown to students until then (the schedule clock). */
const opensLater = ({ schedule }: LabDraft, now: number) =>
  schedule?.opensAt ? schedule.opensAt.getTime() > now : false;

/**
 * Adds the new labs to the classroom with their schedules and paths, and tells its members of
 * those open now.
 */
export async function joinClassroom(
  tx: ApiDatabase,
  classroom: { id: string; name: string },
  created: { draft: LabDraft; id: string; slug: string; name: string }[],
) {
  const addedAt = Date.now();
  await tx.insert(classroomLabs).values(
    // A millisecond apart, so that they keep the upload's order as the classroom's (which is
    // the order they were added in) and an export of the classroom lists them so again.
    created.map(({ draft, id }, index) => ({
      classroomId: classroom.id,
      labId: id,
      addedAt: new Date(addedAt + index),
      ...draft.schedule,
      announcedAt: opensLater(draft, addedAt) ? null : new Date(addedAt),
    })),
  );
  const idOf = new Map(created.map(({ draft, id }) => [draft.ref, id]));
  const paths = created.flatMap(({ draft, id }) =>
    draft.requires.flatMap((ref) => {
      const requiredLabId = idOf.get(ref);
      return requiredLabId ? [{ classroomId: classroom.id, labId: id, requiredLabId }] : [];
    }),
  );
  if (paths.length > 0) await tx.insert(classroomLabRequirements).values(paths);
  // New labs have no solves, so no member's points move and nothing needs recounting.
  const accepted = await tx
    .select({ userId: members.userId })
    .from(members)
    .where(and(eq(members.classroomId, classroom.id), eq(members.status, 'Accepted')));
  for (const lab of created.filter(({ draft }) => !opensLater(draft, addedAt))) {
    await notify(
      tx,
      accepted.map((member) => member.userId),
      'LabAdded',
      labNotice(classroom, lab),
    );
  }
  recordEvent(tx, { type: 'labs.changed', classroomId: classroom.id });
}

/** What only a classroom keeps — schedules and unlock paths — reported when there is none. */
export function outsideClassroom(drafts: readonly LabDraft[]): LabImportReport['notMapped'] {
  return drafts.flatMap(({ lab, schedule, requires }) => [
    ...(schedule &&
    (schedule.opensAt || schedule.dueAt || schedule.latePercent !== LATE_PERCENT.default)
      ? [
          {
            lab: lab.name,
            field: 'schedule',
            reason: 'Schedules apply in a classroom: import into one to keep it',
          },
        ]
      : []),
    ...(requires.length > 0
      ? [
          {
            lab: lab.name,
            field: 'requirements',
            reason: 'Unlock paths apply in a classroom: import into one to keep them',
          },
        ]
      : []),
  ]);
}
