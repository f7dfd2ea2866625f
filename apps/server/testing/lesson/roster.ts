import { randomBytes, randomInt } from 'node:crypto';
import { schema as apiSchema } from '@hackclass/api';
import { ROLE } from '@hackclass/contracts';
import { drizzleOver, openConnection } from '@hackclass/db';
import { identitySchema } from '@hackclass/identity';
import { CURRENT_SCRYPT_PARAMS, hashPassword } from '@hackclass/identity/testing';

export const LESSON_PASSWORD = 'lesson password 1';

export interface LessonAccount {
  email: string;
  /** The product API's user id. */
  id: string;
}

export interface Roster {
  teacher: LessonAccount;
  /** Classes of `classSize` students, in order: student `i` is in classroom `i / classSize`. */
  students: LessonAccount[];
  classroomIds: string[];
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const joinCode = () =>
  Array.from({ length: 8 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');

const uid = () => randomBytes(21).toString('base64url');

/**
 * A school's term as it stands on the morning of a lesson, written straight into the tables of a
 * migrated database before its servers start: one teacher, `students` accounts in classes of
 * `classSize`, each class a classroom of the teacher with its students accepted. Every account
 * has `LESSON_PASSWORD` hashed with the production parameters, so signing in costs what it costs.
 */
export async function seedRoster(
  database: { databaseUrl: string | undefined; dataDir: string },
  { students, classSize }: { students: number; classSize: number },
): Promise<Roster> {
  const passwordHash = await hashPassword(LESSON_PASSWORD, CURRENT_SCRYPT_PARAMS);
  const connection = await openConnection(database);
  try {
    const identity = drizzleOver(connection, identitySchema);
    const api = drizzleOver(connection, apiSchema);
    const people = Array.from({ length: students + 1 }, (_, index) => ({
      uid: uid(),
      email: index === 0 ? 'teacher@lesson.example.org' : `student${index}@lesson.example.org`,
      displayName: index === 0 ? 'Lesson Teacher' : `Student ${index}`,
      roleId: index === 0 ? ROLE.teacher : ROLE.student,
    }));
    const rows = [];
    for (let start = 0; start < people.length; start += 1_000) {
      const batch = people.slice(start, start + 1_000);
      await identity.insert(identitySchema.accounts).values(
        batch.map(({ uid, email, displayName }) => ({
          uid,
          email,
          displayName,
          emailVerified: true,
          passwordHash,
        })),
      );
      rows.push(
        ...(await api
          .insert(apiSchema.users)
          .values(
            batch.map(({ uid, email, displayName, roleId }) => ({
              identityUid: uid,
              email,
              displayName,
              emailVerified: true,
              roleId,
            })),
          )
          .returning({ id: apiSchema.users.id, email: apiSchema.users.email })),
      );
    }
    const [teacher, ...learners] = rows;
    if (!teacher) throw new Error('the roster has no teacher');
    const classCount = Math.ceil(students / classSize);
    const classrooms = await api
      .insert(apiSchema.classrooms)
      .values(
        Array.from({ length: classCount }, (_, index) => ({
          name: `Class ${String(index + 1).padStart(2, '0')}`,
          description: 'Web security, week 5',
          teacherName: 'Lesson Teacher',
          joinCode: joinCode(),
          creatorId: teacher.id,
        })),
      )
      .returning({ id: apiSchema.classrooms.id });
    const classroomIds = classrooms.map(({ id }) => id);
    for (let start = 0; start < learners.length; start += 1_000) {
      await api.insert(apiSchema.members).values(
        learners.slice(start, start + 1_000).map(({ id }, offset) => ({
          classroomId: classroomIds[Math.floor((start + offset) / classSize)] ?? '',
          userId: id,
          status: 'Accepted' as const,
        })),
      );
    }
    return { teacher, students: learners, classroomIds };
  } finally {
    await connection.close();
  }
}
