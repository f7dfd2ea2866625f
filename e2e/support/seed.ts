import type { ApiClient } from './api';

export interface SeededClassroom {
  id: string;
  joinCode: string;
}

/** A classroom made by its teacher through the API. */
export function createClassroom(
  teacher: ApiClient,
  fields: { name: string; teacherName: string; description?: string },
): Promise<SeededClassroom> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return teacher.call<SeededClassroom>('POST', '/classrooms', form);
}

/** The student joins by code and the classroom's teacher approves them; their user id. */
export async function joinAndApprove(
  teacher: ApiClient,
  student: ApiClient,
  classroom: SeededClassroom,
): Promise<string> {
  const { userId } = await student.call<{ userId: string }>('POST', '/classrooms/join', {
    classroomCode: classroom.joinCode,
  });
  await teacher.call('PATCH', `/classrooms/${classroom.id}/members/${userId}`, {
    status: 'Accepted',
  });
  return userId;
}

export interface LabFields {
  name: string;
  description: string;
  difficulty: string;
  category: string;
  points: number;
  flags: { value: string; caseSensitive?: boolean }[];
  /** The lab's live target, as the lab form's `target` field holds it. */
  target?: Record<string, unknown>;
}

/** A lab made by a teacher through the API, with files given as name and content. */
export function createLab(
  teacher: ApiClient,
  { flags, points, target, ...fields }: LabFields,
  files: Record<string, string> = {},
): Promise<{ id: string; slug: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set('points', String(points));
  form.set('flags', JSON.stringify(flags));
  if (target) form.set('target', JSON.stringify(target));
  for (const [name, content] of Object.entries(files)) {
    form.append('labFiles', new Blob([content]), name);
  }
  return teacher.call('POST', '/hacking-labs', form);
}

/** The classroom's teacher adds the lab to it. */
export const addLabToClassroom = (teacher: ApiClient, classroomId: string, labId: string) =>
  teacher.call('POST', `/classrooms/${classroomId}/hacking-labs`, { hackingLabId: labId });
