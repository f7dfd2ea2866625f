import { randomUUID } from 'node:crypto';
import { ROLE } from '@hackclass/contracts';
import { outbox } from '@hackclass/mail';
import { newStorageKey } from '@hackclass/storage';
import { newApiTokenText } from '../../src/api-tokens/token-text';
import { newJoinCode } from '../../src/classrooms/join-code';
import {
  announcements,
  apiTokens,
  classroomCoTeachers,
  classroomLabs,
  classrooms,
  emailInvitations,
  invitationLinks,
  labFiles,
  labFlags,
  labHints,
  labs,
  labTargets,
  members,
  notifications,
  targets,
  users,
} from '../../src/db/schema';
import { newInvitationToken } from '../../src/invitation-links/invitation-token';
import { downloadLinkKey, downloadLinkPath, grantDownload } from '../../src/labs/download-links';
import { type ApiServer, apiSession, createAccount, signedInAs, uniqueEmail } from '../support';
import { type Caller, type Fixture, MATRIX_FLAG } from './matrix';

function mapValues<K extends string, V, W>(record: Record<K, V>, map: (value: V) => W) {
  const entries = Object.entries<V>(record).map(([key, value]) => [key, map(value)]);
  return Object.fromEntries(entries) as Record<K, W>;
}

/**
 * The callers, made once per test file and shared by every fixture: their ID tokens (none for
 * `anonymous`) and product user ids.
 */
export async function createCallers(server: ApiServer) {
  const unverified = await createAccount(server, { emailVerified: false });
  const me = await apiSession(server, unverified.idToken).call('GET', '/users/me');
  if (me.status !== 200) throw new Error(`unverified caller: GET /users/me ${me.status}`);
  // Chosen here, so that every caller has chosen their role at sign-up, as the matrix expects.
  const chose = await apiSession(server, unverified.idToken).call(
    'POST',
    '/users/me/sign-up-role',
    { roleId: ROLE.student },
  );
  if (chose.status !== 200) throw new Error(`unverified caller: sign-up role ${chose.status}`);
  const [target, guest, outsider, member, coTeacher, owner, otherTeacher, admin] =
    await Promise.all([
      signedInAs(server, 'student', 'target'),
      signedInAs(server, 'guest'),
      signedInAs(server, 'student', 'outsider'),
      signedInAs(server, 'student', 'member'),
      signedInAs(server, 'teacher', 'co-teacher'),
      signedInAs(server, 'teacher', 'owner'),
      signedInAs(server, 'teacher', 'other-teacher'),
      signedInAs(server, 'admin'),
    ]);
  const people = { guest, outsider, member, coTeacher, owner, otherTeacher, admin };
  const idTokens: Record<Caller, string | undefined> = {
    anonymous: undefined,
    unverified: unverified.idToken,
    ...mapValues(people, (person) => person.idToken),
  };
  const userIds: Fixture['userIds'] = {
    unverified: me.json<{ id: string }>().id,
    ...mapValues(people, (person) => person.id),
  };
  return {
    idTokens,
    userIds,
    targetId: target.id,
    otherTeacherEmail: otherTeacher.email,
    outsiderEmail: outsider.email,
  };
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const FILE = new TextEncoder().encode('flag{matrix}');

/** Distinct join codes, as the unique index wants them. */
function joinCodes(count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(newJoinCode());
  return [...codes];
}

/**
 * `count` fresh fixtures (see `Fixture`), sharing nothing but the callers, by direct inserts: one
 * multi-row insert per table for all of them, so each cell of the matrix has a fixture of its own
 * at almost no cost. Ids are made here, so that no insert waits for another's answer.
 */
export async function seedFixtures(
  server: ApiServer,
  {
    userIds,
    targetId,
    otherTeacherEmail,
    outsiderEmail,
  }: Pick<Fixture, 'userIds' | 'targetId' | 'otherTeacherEmail'> & { outsiderEmail: string },
  count: number,
): Promise<Fixture[]> {
  const codes = joinCodes(count);
  const linkKey = downloadLinkKey(server.targets.deployment.proxySecret);
  const fixtures = codes.map((joinCode) => {
    const labId = randomUUID();
    const fileId = randomUUID();
    const grant = grantDownload({ labId, fileId, userId: userIds.member });
    const invitation = newInvitationToken();
    return {
      userIds,
      targetId,
      otherTeacherEmail,
      spareCoTeacherId: randomUUID(),
      classroom: { id: randomUUID(), joinCode },
      pendingId: randomUUID(),
      invitedId: randomUUID(),
      invitedEmail: uniqueEmail('invited'),
      awaitingId: randomUUID(),
      lab: { id: labId, slug: `matrix-${labId}`, fileId },
      downloadLink: downloadLinkPath('', linkKey, grant),
      spareLabId: randomUUID(),
      hintId: randomUUID(),
      notificationId: randomUUID(),
      announcementId: randomUUID(),
      freshEmail: uniqueEmail('fresh'),
      liveTargetId: randomUUID(),
      failedMailId: randomUUID(),
      apiTokenId: randomUUID(),
      invitationToken: invitation.token,
      invitationTokenHash: invitation.tokenHash,
      imageKey: newStorageKey('classroom-images'),
      fileKey: newStorageKey('lab-files'),
    };
  });
  await Promise.all(
    fixtures.flatMap(({ imageKey, fileKey }) => [
      server.files.put(imageKey, PNG),
      server.files.put(fileKey, FILE),
    ]),
  );
  const { db } = server;
  await db.transaction(async (tx) => {
    await tx.insert(users).values(
      fixtures.flatMap(({ pendingId, invitedId, invitedEmail, awaitingId, spareCoTeacherId }) =>
        [
          { id: pendingId, email: uniqueEmail('student') },
          { id: invitedId, email: invitedEmail },
          { id: awaitingId, email: uniqueEmail('awaiting'), teacherRequestedAt: new Date() },
          { id: spareCoTeacherId, email: uniqueEmail('co-teacher'), roleId: ROLE.teacher },
        ].map(({ id, email, teacherRequestedAt, roleId = ROLE.student }) => ({
          id,
          identityUid: `matrix-${id}`,
          email,
          emailVerified: true,
          displayName: roleId === ROLE.teacher ? 'Teacher' : 'Student',
          roleId,
          teacherRequestedAt,
        })),
      ),
    );
    await tx.insert(labs).values(
      fixtures.flatMap(({ lab, spareLabId }) =>
        [lab.id, spareLabId].map((id) => ({
          id,
          slug: `matrix-${id}`,
          name: `Matrix ${id.slice(0, 8)}`,
          difficulty: 'Easy' as const,
          category: 'Web' as const,
          points: 100,
          creatorId: userIds.owner,
        })),
      ),
    );
    await tx
      .insert(labFlags)
      .values(fixtures.map(({ lab }) => ({ labId: lab.id, value: MATRIX_FLAG })));
    await tx
      .insert(labHints)
      .values(fixtures.map(({ lab, hintId }) => ({ id: hintId, labId: lab.id, content: 'Hint' })));
    await tx.insert(labFiles).values(
      fixtures.map(({ lab, fileKey }) => ({
        id: lab.fileId,
        labId: lab.id,
        fileName: 'notes.txt',
        storageKey: fileKey,
        contentType: 'text/plain',
        size: FILE.length,
      })),
    );
    await tx.insert(classrooms).values(
      fixtures.map(({ classroom, imageKey }) => ({
        ...classroom,
        name: `Matrix ${classroom.id.slice(0, 8)}`,
        teacherName: 'Ms Owner',
        creatorId: userIds.owner,
        imageKey,
        imageContentType: 'image/png',
      })),
    );
    await tx.insert(members).values(
      fixtures.flatMap(({ classroom, pendingId, invitedId }) => [
        { classroomId: classroom.id, userId: userIds.member, status: 'Accepted' as const },
        { classroomId: classroom.id, userId: pendingId, status: 'PendingApproval' as const },
        { classroomId: classroom.id, userId: invitedId, status: 'Invited' as const },
      ]),
    );
    // The outsider's address, invited and mailed a link: they have not accepted yet.
    await tx
      .insert(emailInvitations)
      .values(
        fixtures.map(({ classroom }) => ({ classroomId: classroom.id, email: outsiderEmail })),
      );
    await tx.insert(invitationLinks).values(
      fixtures.map(({ classroom, invitationTokenHash }) => ({
        tokenHash: invitationTokenHash,
        classroomId: classroom.id,
        email: outsiderEmail.toLowerCase(),
        invitedBy: userIds.owner,
        expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
      })),
    );
    await tx.insert(classroomCoTeachers).values(
      fixtures.flatMap(({ classroom, spareCoTeacherId }) =>
        [userIds.coTeacher, spareCoTeacherId].map((userId) => ({
          classroomId: classroom.id,
          userId,
          addedBy: userIds.owner,
        })),
      ),
    );
    await tx
      .insert(classroomLabs)
      .values(fixtures.map(({ classroom, lab }) => ({ classroomId: classroom.id, labId: lab.id })));
    await tx.insert(labTargets).values(
      fixtures.map(({ lab }) => ({
        labId: lab.id,
        image: 'labs/matrix:1',
        port: 8080,
        kind: 'http' as const,
        memoryMb: 64,
        cpus: 0.5,
        pids: 64,
        lifetimeMinutes: 60,
        extendable: true,
        flagMode: 'per-student' as const,
      })),
    );
    // Running for ten minutes, five left: its student may extend it.
    const startedAt = new Date(Date.now() - 10 * 60_000);
    const expiresAt = new Date(Date.now() + 5 * 60_000);
    await tx.insert(targets).values(
      fixtures.map(({ liveTargetId, classroom, lab }) => ({
        id: liveTargetId,
        labId: lab.id,
        classroomId: classroom.id,
        userId: userIds.member,
        kind: 'http' as const,
        state: 'running' as const,
        flag: `HC{${liveTargetId}}`,
        startedAt,
        expiresAt,
      })),
    );
    await tx.insert(notifications).values(
      fixtures.map(({ notificationId, classroom, lab }) => ({
        id: notificationId,
        userId: userIds.member,
        type: 'LabAdded' as const,
        data: { classroomId: classroom.id, labId: lab.id },
      })),
    );
    await tx.insert(announcements).values(
      fixtures.map(({ announcementId, classroom }) => ({
        id: announcementId,
        classroomId: classroom.id,
        authorId: userIds.owner,
        body: 'Welcome to **Matrix**',
      })),
    );
    await tx.insert(apiTokens).values(
      fixtures.map(({ apiTokenId }) => {
        const { hash, prefix } = newApiTokenText();
        return {
          id: apiTokenId,
          userId: userIds.member,
          name: 'Matrix script',
          tokenHash: hash,
          prefix,
          scopes: ['read'],
          // Expired, as revoking needs no live token: `member`'s allowance stays free.
          expiresAt: new Date(Date.now() - 86_400_000),
        };
      }),
    );
    await tx.insert(outbox).values(
      fixtures.map(({ failedMailId, freshEmail }) => ({
        id: failedMailId,
        // Its link (to the password reset form) never dies, so an admin may send it again.
        kind: 'password_changed',
        toAddress: freshEmail,
        subject: 'Your password was changed',
        textBody: 'text',
        htmlBody: '<p>html</p>',
        status: 'failed' as const,
        attempts: 1,
        lastError: '550 No such mailbox here',
      })),
    );
  });
  return fixtures.map(
    ({ imageKey: _image, fileKey: _file, invitationTokenHash: _hash, ...fixture }) => fixture,
  );
}
