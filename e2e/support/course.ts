import type { AccountDetails } from './accounts';
import { type ApiClient, signedUpClients } from './api';
import type { RunningApp } from './app';
import { createClassroom, joinAndApprove, type SeededClassroom } from './seed';

export interface SeededCourse<Students extends AccountDetails[]> {
  classroom: SeededClassroom;
  teacherApi: ApiClient;
  /** An API client signed in as each student, in their order. */
  studentApis: { [Index in keyof Students]: ApiClient };
  /** Each student's user id, in their order. */
  studentIds: string[];
}

/**
 * Verified accounts for the teacher and the students, the teacher's classroom, and every student
 * joined by code and accepted, in order.
 */
export async function seedCourse<const Students extends AccountDetails[]>(
  app: RunningApp,
  teacher: AccountDetails,
  classroomFields: { name: string; description?: string },
  ...students: Students
): Promise<SeededCourse<Students>> {
  const [teacherApi, ...studentApis] = await signedUpClients(app, teacher, ...students);
  const classroom = await createClassroom(teacherApi, {
    ...classroomFields,
    teacherName: teacher.name,
  });
  const studentIds: string[] = [];
  for (const studentApi of studentApis) {
    studentIds.push(await joinAndApprove(teacherApi, studentApi, classroom));
  }
  return {
    classroom,
    teacherApi,
    studentApis: studentApis as { [Index in keyof Students]: ApiClient },
    studentIds,
  };
}
