import { randomUUID } from 'node:crypto';
import type { Lab, MemberStatus } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { classroomLabRequirements, classroomLabs, classrooms, members } from '../../src/db/schema';
import type { ApiServer } from './api-server';
import type { Person } from './people';

/** The flag of labs made by `labForm` unless it is given others. */
export const TEST_FLAG = 'flag{test}';

export function labForm(
  fields: Record<string, string> = {},
  files: [name: string, bytes: string | Uint8Array][] = [],
): FormData {
  const form = new FormData();
  const values = {
    name: `Lab ${randomUUID().slice(0, 8)}`,
    description: '# Find the flag',
    difficulty: 'Easy',
    category: 'Web',
    points: '100',
    flags: JSON.stringify([{ value: TEST_FLAG, caseSensitive: true }]),
    ...fields,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  for (const [name, bytes] of files) form.append('labFiles', new Blob([bytes]), name);
  return form;
}

export async function createLab(
  who: Person,
  fields: Record<string, string> = {},
  files: [string, string | Uint8Array][] = [],
): Promise<Lab> {
  const response = await who.session.callMultipart('POST', '/hacking-labs', labForm(fields, files));
  if (response.status !== 201) throw new Error(`lab creation failed: ${response.status}`);
  return response.json<Lab>();
}

const JOIN_CODE_CHARACTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A classroom inserted directly, with members in the given states and labs linked. */
export async function classroom(
  server: ApiServer,
  creatorId: string,
  {
    members: memberships = [],
    labs = [],
  }: { members?: [userId: string, MemberStatus][]; labs?: string[] } = {},
) {
  const joinCode = Array.from(
    { length: 8 },
    () => JOIN_CODE_CHARACTERS[Math.floor(Math.random() * JOIN_CODE_CHARACTERS.length)],
  ).join('');
  const name = `Class ${randomUUID().slice(0, 8)}`;
  const [row] = await server.db
    .insert(classrooms)
    .values({ name, teacherName: 'Ms Teacher', joinCode, creatorId })
    .returning();
  if (!row) throw new Error('classroom insert returned nothing');
  if (memberships.length > 0) {
    await server.db
      .insert(members)
      .values(memberships.map(([userId, status]) => ({ classroomId: row.id, userId, status })));
  }
  if (labs.length > 0) {
    await server.db
      .insert(classroomLabs)
      // Open from the start and announced, as adding them through the API makes them.
      .values(labs.map((labId) => ({ classroomId: row.id, labId, announcedAt: new Date() })));
  }
  return row;
}

/** The classroom's unlock paths as stored: each lab with a lab it requires. */
export const unlockPaths = (server: ApiServer, classroomId: string) =>
  server.db
    .select({
      labId: classroomLabRequirements.labId,
      requiredLabId: classroomLabRequirements.requiredLabId,
    })
    .from(classroomLabRequirements)
    .where(eq(classroomLabRequirements.classroomId, classroomId));

/** A download as the browser gets it: raw bytes, not JSON. */
export async function download(server: ApiServer, idToken: string, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url: `/api${url}`,
    headers: { authorization: `Bearer ${idToken}` },
  });
  return { status: response.statusCode, headers: response.headers, bytes: response.rawPayload };
}
