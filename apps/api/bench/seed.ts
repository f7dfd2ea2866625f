import { randomInt } from 'node:crypto';
import { LAB_CATEGORIES, LAB_DIFFICULTIES, type MemberStatus } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import type { ApiDatabase } from '../src/db';
import { classroomLabs, classrooms, labs, members, users } from '../src/db/schema';

export const STUDENT_CLASSROOMS = 20;
export const BIG_CLASSROOM_MEMBERS = 1000;
const MEMBERS_PER_SMALL_CLASSROOM = 12;
const LABS = 10;
const LABS_PER_CLASSROOM = 5;

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const joinCode = () =>
  Array.from({ length: 8 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');

/** Most of a roster accepted, some waiting for approval, a few invited. */
const statusOf = (index: number): MemberStatus =>
  index % 10 === 0 ? 'PendingApproval' : index % 25 === 1 ? 'Invited' : 'Accepted';

export interface Seeded {
  bigClassroomId: string;
}

/**
 * Straight into the tables, in a few bulk inserts: the student in 20 classrooms of the teacher
 * (each with a dozen members and five labs), and one classroom of the teacher with 1 000 members.
 */
export async function seed(
  db: ApiDatabase,
  { studentId, teacherId }: { studentId: string; teacherId: string },
): Promise<Seeded> {
  const fillers = await db
    .insert(users)
    .values(
      Array.from({ length: BIG_CLASSROOM_MEMBERS }, (_, index) => ({
        identityUid: `bench-member-${index}`,
        email: `member${index}@bench.example.org`,
        emailVerified: true,
        // Some without a display name, so names also come from the email.
        displayName: index % 7 === 0 ? null : `Member ${String(index).padStart(4, '0')}`,
      })),
    )
    .returning({ id: users.id });
  const labRows = await db
    .insert(labs)
    .values(
      Array.from({ length: LABS }, (_, index) => ({
        slug: `bench-lab-${index}`,
        name: `Bench lab ${index}`,
        difficulty: LAB_DIFFICULTIES[index % LAB_DIFFICULTIES.length] ?? 'Easy',
        category: LAB_CATEGORIES[index % LAB_CATEGORIES.length] ?? 'Web',
        points: 100 + index,
        creatorId: teacherId,
      })),
    )
    .returning({ id: labs.id });
  const classroomOf = (name: string) => ({
    name,
    description: `${name}, seeded by the benchmark`,
    teacherName: 'Bench Teacher',
    joinCode: joinCode(),
    creatorId: teacherId,
  });
  const small = await db
    .insert(classrooms)
    .values(
      Array.from({ length: STUDENT_CLASSROOMS }, (_, index) =>
        classroomOf(`Course ${String(index + 1).padStart(2, '0')}`),
      ),
    )
    .returning({ id: classrooms.id });
  const [big] = await db
    .insert(classrooms)
    .values(classroomOf('Big lecture'))
    .returning({ id: classrooms.id });
  if (!big) throw new Error('the big classroom was not created');

  const memberRows = small.flatMap(({ id }, classroom) => [
    { classroomId: id, userId: studentId, status: 'Accepted' as const },
    ...Array.from({ length: MEMBERS_PER_SMALL_CLASSROOM }, (_, index) => ({
      classroomId: id,
      userId: fillers[(classroom * MEMBERS_PER_SMALL_CLASSROOM + index) % fillers.length]?.id ?? '',
      status: statusOf(index),
    })),
  ]);
  await db.insert(members).values(memberRows);
  await db.insert(members).values(
    fillers.map(({ id }, index) => ({
      classroomId: big.id,
      userId: id,
      status: statusOf(index),
    })),
  );
  await db.insert(classroomLabs).values(
    [...small, big].flatMap(({ id }, classroom) =>
      Array.from({ length: LABS_PER_CLASSROOM }, (_, index) => ({
        classroomId: id,
        labId: labRows[(classroom + index) % labRows.length]?.id ?? '',
      })),
    ),
  );
  // Fresh statistics, as autovacuum would have gathered on a database in use.
  await db.execute(sql`analyze`);
  return { bigClassroomId: big.id };
}
