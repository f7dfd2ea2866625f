import {
  type ApiResponse,
  type ApiServer,
  apiSession,
  createAccount,
  uniqueEmail,
} from '@hackclass/api/testing';
import { ROLE } from '@hackclass/contracts';

/** The all-in-one server as the API's test helpers reach it. */
export type BenchServer = Pick<ApiServer, 'app' | 'origin' | 'adminSecret'>;

export interface Caller {
  id: string;
  idToken: string;
  session: ReturnType<typeof apiSession>;
}

export function expectStatus(response: ApiResponse, status: number, what: string): ApiResponse {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response;
}

/**
 * A verified account, signed in through the identity service, with its product user and the
 * anti-forgery token a browser tab holds before its first click.
 */
export async function caller(server: BenchServer, email: string): Promise<Caller> {
  const { idToken } = await createAccount(server, { email });
  const session = apiSession(server, idToken);
  const me = expectStatus(await session.call('GET', '/users/me'), 200, 'GET /users/me');
  await session.antiforgeryToken();
  return { id: me.json<{ id: string }>().id, idToken, session };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

/**
 * A class as a teacher sets it up, all through the API: an admin (by ADMIN_EMAILS) makes the
 * teacher; the teacher writes a lab whose target is `image`, HTTP on 8080, with a flag per
 * student and the form's default limits, makes a classroom and adds the lab; `students` join by
 * code and the teacher accepts each.
 */
export async function classWithTarget(
  server: BenchServer,
  { adminEmail, image, students }: { adminEmail: string; image: string; students: number },
) {
  const admin = await caller(server, adminEmail);
  const teacher = await caller(server, uniqueEmail('teacher'));
  const promoted = await admin.session.call('PATCH', `/users/${teacher.id}/role`, {
    roleId: ROLE.teacher,
  });
  expectStatus(promoted, 200, 'making the teacher');

  const lab = await teacher.session.callMultipart(
    'POST',
    '/hacking-labs',
    form({
      name: 'Break the login',
      description: '# Find your flag on the target',
      difficulty: 'Easy',
      category: 'Web',
      points: '100',
      flags: '[]',
      target: JSON.stringify({ image, port: 8080, kind: 'http', flagMode: 'per-student' }),
    }),
  );
  const labId = expectStatus(lab, 201, 'creating the lab').json<{ id: string }>().id;
  const made = await teacher.session.callMultipart(
    'POST',
    '/classrooms',
    form({ name: 'Web security, group A', teacherName: 'Ms Teacher' }),
  );
  const classroom = expectStatus(made, 201, 'creating the classroom').json<{
    id: string;
    joinCode: string;
  }>();
  const added = await teacher.session.call('POST', `/classrooms/${classroom.id}/hacking-labs`, {
    hackingLabId: labId,
  });
  expectStatus(added, 201, 'adding the lab to the classroom');

  const members: Caller[] = [];
  for (let index = 0; index < students; index++) {
    const student = await caller(server, uniqueEmail(`student-${index + 1}`));
    const joined = await student.session.call('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    expectStatus(joined, 201, 'joining by code');
    const accepted = await teacher.session.call(
      'PATCH',
      `/classrooms/${classroom.id}/members/${student.id}`,
      { status: 'Accepted' },
    );
    expectStatus(accepted, 200, 'accepting the student');
    members.push(student);
  }
  return { teacher, classroomId: classroom.id, labId, students: members };
}
