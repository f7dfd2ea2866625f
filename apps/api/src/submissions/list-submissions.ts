import { pageOfItems, type SubmissionList, type SubmissionListQuery } from '@hackclass/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labs, submissions, users } from '../db/schema';
import type { Actor } from '../policies/actors';
import { canSeeLabFlags } from '../policies/labs';
import { memberName } from '../users/member-name';
import { sharedFlagOwnerName, sharedFlagOwnerOf } from './shared-flag-owner';

/**
 * A page of a classroom's submissions, newest first, filtered by lab and member. The flag typed
 * shows only to its submitter and to those who may see the lab's flags.
 */
export async function listSubmissions(
  db: ApiDatabase,
  viewer: Actor,
  classroomId: string,
  { labId, userId, page, pageSize }: SubmissionListQuery,
): Promise<SubmissionList> {
  const where: SQL | undefined = and(
    eq(submissions.classroomId, classroomId),
    labId ? eq(submissions.labId, labId) : undefined,
    userId ? eq(submissions.userId, userId) : undefined,
  );
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(submissions).where(where),
    db
      .select({
        id: submissions.id,
        userId: submissions.userId,
        name: memberName,
        labId: submissions.labId,
        labName: labs.name,
        labCreatorId: labs.creatorId,
        flag: submissions.flag,
        correct: submissions.correct,
        sharedFlagOwnerId: submissions.sharedFlagOwnerId,
        sharedFlagOwnerName,
        submittedAt: submissions.submittedAt,
      })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .innerJoin(labs, eq(labs.id, submissions.labId))
      .where(where)
      .orderBy(desc(submissions.submittedAt), desc(submissions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totals[0]?.total ?? 0;
  return pageOfItems(
    rows.map(
      ({
        labCreatorId,
        flag,
        submittedAt,
        sharedFlagOwnerId,
        sharedFlagOwnerName: owner,
        ...row
      }) => ({
        ...row,
        sharedFlagOwner: sharedFlagOwnerOf(sharedFlagOwnerId, owner),
        flag:
          row.userId === viewer.id || canSeeLabFlags(viewer, { creatorId: labCreatorId })
            ? flag
            : null,
        submittedAt: submittedAt.toISOString(),
      }),
    ),
    total,
    { page, pageSize },
  );
}
