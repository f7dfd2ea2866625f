import type { Classroom, Lab } from '@hackclass/contracts';
import { outbox } from '@hackclass/mail';
import fc from 'fast-check';
import type { ApiOptions } from '../../src/app';
import { targets } from '../../src/db/schema';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../support';
import { pngImage } from '../support/images';
import { classroom, createLab } from '../support/labs';

/** Small limits, so that too-large uploads are cheap to send. */
export const UPLOAD_LIMITS = { imageMaxBytes: 2_048, fileMaxBytes: 2_048, filesPerLab: 3 };

export const PNG = pngImage(1, 1);

/** A caller as the web app is one: ID token, anti-forgery cookie and token. */
export interface Caller {
  id: string;
  headers: Record<string, string>;
  /** Counterexamples name the caller, not their tokens. */
  [fc.toStringMethod]: () => string;
}

async function callerOf(server: ApiServer, person: Person): Promise<Caller> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/auth/antiforgery/token',
    headers: { authorization: `Bearer ${person.idToken}` },
  });
  const cookie = [response.headers['set-cookie']].flat()[0]?.split(';')[0] ?? '';
  const { token } = response.json<{ token: string }>();
  return {
    id: person.id,
    headers: { authorization: `Bearer ${person.idToken}`, cookie, 'x-xsrf-token': token },
    [fc.toStringMethod]: () => `caller(${person.email})`,
  };
}

/**
 * A server with a classroom (with an image, a lab and a pending member) and a lab (with a
 * file and a hint), so that requests with valid paths reach the real handlers; spares for the deletions.
 */
export async function startWorld({ targetDriver }: Pick<ApiOptions, 'targetDriver'> = {}) {
  // Validation is under test, not rate limits: FAST_CHECK_RUNS may be raised far past them.
  const server = await startApiServer({
    uploads: UPLOAD_LIMITS,
    requestsPerMinute: 10_000_000,
    targetDriver,
  });
  const [teacher, member, target, ...admins] = await Promise.all([
    signedInAs(server, 'teacher', 'owner'),
    signedInAs(server, 'student', 'member'),
    signedInAs(server, 'student', 'target'),
    // Several admins share the load, so the per-user rate limit never answers for a handler.
    ...[1, 2, 3].map((n) => signedInAs(server, 'admin', `admin-${n}`)),
  ]);
  const lab: Lab = await createLab(teacher, { hints: '[{"content":"Look closer"}]' }, [
    ['notes.txt', 'hello'],
  ]);
  const form = new FormData();
  for (const [key, value] of Object.entries({ name: 'Web 101', teacherName: 'Ada' })) {
    form.append(key, value);
  }
  form.append('image', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
  const created = await teacher.session.callMultipart('POST', '/classrooms', form);
  if (created.status !== 201) throw new Error(`classroom creation failed: ${created.status}`);
  const room = created.json<Classroom>();
  await teacher.session.call('POST', `/classrooms/${room.id}/hacking-labs`, {
    hackingLabId: lab.id,
  });
  const { joinCode } = (await teacher.session.call('GET', `/classrooms/${room.id}`)).json<{
    joinCode: string;
  }>();
  await member.session.call('POST', '/classrooms/join', { classroomCode: joinCode });
  const spareClassroom = await classroom(server, teacher.id);
  const spareLab = await createLab(teacher);
  const callers = await Promise.all([teacher, ...admins].map((person) => callerOf(server, person)));
  // The member's target, inserted as running: the routes about one target reach their handlers.
  const [live] = await server.db
    .insert(targets)
    .values({
      labId: lab.id,
      classroomId: room.id,
      userId: member.id,
      kind: 'http',
      state: 'running',
    })
    .returning({ id: targets.id });
  const [failedMail] = await server.db
    .insert(outbox)
    .values({
      kind: 'invitation',
      toAddress: 'nobody@example.org',
      subject: 'You are invited',
      textBody: 'text',
      htmlBody: '<p>html</p>',
      status: 'failed',
      attempts: 1,
      lastError: '550 No such mailbox here',
    })
    .returning({ id: outbox.id });
  return {
    server,
    /** The owning teacher first, then the admins: each may do everything asked below. */
    callers,
    classroomId: room.id,
    joinCode,
    lab,
    fileId: lab.files[0]?.id ?? '',
    hintId: lab.hints?.[0]?.id ?? '',
    memberId: member.id,
    targetId: target.id,
    spareClassroomId: spareClassroom.id,
    spareLabId: spareLab.id,
    liveTargetId: live?.id ?? '',
    failedMailId: failedMail?.id ?? '',
  };
}

export type World = Awaited<ReturnType<typeof startWorld>>;
