import {
  type Classroom,
  type ClassroomCan,
  type ClassroomSummary,
  ROLE,
} from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, startApiServer } from '../../../test/support';
import { gifImage, jpegImage, pngImage, webpImage } from '../../../test/support/images';
import { type Person, signedInAs } from '../../../test/support/people';
import {
  classroomLabs,
  classrooms,
  emailInvitations,
  labs,
  members,
  notifications,
} from '../../db/schema';
import { IMAGE_MAX_SIDE } from '../../uploads/image-check';

const IMAGE_MAX_BYTES = 1024;
const PNG = pngImage(2, 2);

let server: ApiServer;
let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;
let guest: Person;

beforeAll(async () => {
  server = await startApiServer({ uploads: { imageMaxBytes: IMAGE_MAX_BYTES } });
  [teacher, otherTeacher, admin, student, guest] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher', 'other-teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    signedInAs(server, 'guest'),
  ]);
});
afterAll(() => server.close());

function classroomForm(
  fields: Record<string, string> = {},
  image?: { bytes: Buffer; name: string; type?: string },
) {
  const form = new FormData();
  const values = { name: 'Web 101', description: 'XSS and friends', teacherName: 'Ada', ...fields };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  if (image) {
    form.append(
      'image',
      new Blob([new Uint8Array(image.bytes)], { type: image.type ?? 'image/png' }),
      image.name,
    );
  }
  return form;
}

async function createClassroom(by: Person = teacher, form = classroomForm()) {
  const response = await by.session.callMultipart('POST', '/classrooms', form);
  expect(response.status).toBe(201);
  return response.json<Classroom>();
}

/** The image as a browser fetches it: raw bytes, not JSON. */
const fetchImage = (by: Person, url: string) =>
  server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${by.idToken}` } });

describe('POST /classrooms', () => {
  it('creates a classroom with an image, its teacher flagged as creator', async () => {
    const classroom = await createClassroom(
      teacher,
      classroomForm({ name: '  Web 101  ' }, { bytes: PNG, name: '../../etc/passwd.png' }),
    );
    expect(classroom).toMatchObject({
      name: 'Web 101',
      description: 'XSS and friends',
      teacherName: 'Ada',
      creatorId: teacher.id,
      isCreator: true,
      myStatus: null,
      memberCount: 0,
      labCount: 0,
      hackingLabs: [],
    });
    expect(classroom.joinCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(classroom.imageUrl).toMatch(
      new RegExp(`^/api/classrooms/${classroom.id}/image\\?v=\\d+$`),
    );

    const image = await fetchImage(teacher, classroom.imageUrl ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(image.headers['cache-control']).toMatch(/^private/);
    // Stored under a key of our own, never the client's file name.
    const [row] = await server.db.select().from(classrooms).where(eq(classrooms.id, classroom.id));
    expect(row?.imageKey).toMatch(/^classroom-images\/[0-9a-f-]{36}$/);
  });

  it('creates one without an image', async () => {
    const classroom = await createClassroom(admin);
    expect(classroom.imageUrl).toBeNull();
    expect((await fetchImage(admin, `/api/classrooms/${classroom.id}/image`)).statusCode).toBe(404);
  });

  it('is for teachers and admins only', async () => {
    for (const who of [student, guest]) {
      const response = await who.session.callMultipart('POST', '/classrooms', classroomForm());
      expect(response.status).toBe(403);
    }
  });

  it('answers invalid fields with field errors', async () => {
    const response = await teacher.session.callMultipart(
      'POST',
      '/classrooms',
      classroomForm({ name: '   ', teacherName: 'x'.repeat(101) }),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: { name: [expect.any(String)], teacherName: [expect.any(String)] },
    });
  });

  it('refuses names with line breaks, control characters or a web address, saying why', async () => {
    const lines = 'Use one line of visible text: remove line breaks and control characters';
    const address = 'Remove the web address: names appear in mails, where it would become a link';
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ name: 'Room X\r\nBcc: injected@evil.example' }, { name: [lines] }],
      [{ name: 'Log in at https://evil.example/login' }, { name: [address] }],
      [{ teacherName: 'Ada\u202Eecalevol' }, { teacherName: [lines] }],
      [{ teacherName: 'Ada at www.evil.example' }, { teacherName: [address] }],
    ];
    for (const [fields, errors] of cases) {
      const created = await teacher.session.callMultipart(
        'POST',
        '/classrooms',
        classroomForm(fields),
      );
      expect(created.status).toBe(400);
      expect(created.json()).toMatchObject({ code: 'validation_failed', errors });
    }
    const classroom = await createClassroom();
    const updated = await teacher.session.callMultipart(
      'PUT',
      `/classrooms/${classroom.id}`,
      classroomForm({ name: 'Room X\nX-Injected: 1' }),
    );
    expect(updated.status).toBe(400);
    expect(updated.json()).toMatchObject({ errors: { name: [lines] } });

    // Saved before names were checked: still read as they are.
    const legacy = 'Old room\r\nsee https://old.example';
    await server.db
      .update(classrooms)
      .set({ name: legacy, teacherName: legacy })
      .where(eq(classrooms.id, classroom.id));
    const read = await teacher.session.call('GET', `/classrooms/${classroom.id}`);
    expect(read.status).toBe(200);
    expect(read.json<Classroom>()).toMatchObject({ name: legacy, teacherName: legacy });
  });

  it('refuses files that are not images, whatever they claim, and images over the limit', async () => {
    const fake = await teacher.session.callMultipart(
      'POST',
      '/classrooms',
      classroomForm({}, { bytes: Buffer.from('<svg onload=alert(1)>'), name: 'x.png' }),
    );
    expect(fake.status).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'not_an_image' });

    const large = await teacher.session.callMultipart(
      'POST',
      '/classrooms',
      classroomForm(
        {},
        { bytes: Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES)]), name: 'big.png' },
      ),
    );
    expect(large.status).toBe(413);
    expect(large.json()).toMatchObject({ code: 'file_too_large' });
  });

  it(`refuses images over ${IMAGE_MAX_SIDE} pixels a side, in every format`, async () => {
    const side = IMAGE_MAX_SIDE + 1;
    const huge = [
      pngImage(20_000, 20_000),
      pngImage(side, 1),
      gifImage(1, side),
      jpegImage(side, 1),
      webpImage(side, 1, 'VP8 '),
      webpImage(1, side, 'VP8L'),
      webpImage(side, side, 'VP8X'),
    ];
    for (const bytes of huge) {
      const response = await teacher.session.callMultipart(
        'POST',
        '/classrooms',
        classroomForm({}, { bytes, name: 'huge.png' }),
      );
      expect(response.status).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'image_dimensions_too_large',
        detail: `An image may be at most ${IMAGE_MAX_SIDE}×${IMAGE_MAX_SIDE} pixels`,
      });
    }
    const fits = [pngImage(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE), jpegImage(IMAGE_MAX_SIDE, 1)];
    for (const bytes of fits)
      await createClassroom(teacher, classroomForm({}, { bytes, name: 'a' }));
  });

  it('refuses an image that carries web page markup, before its pixels or after them', async () => {
    const markup = [
      Buffer.concat([PNG, Buffer.from('<html><script>alert(document.domain)</script>')]),
      Buffer.concat([PNG.subarray(0, 33), Buffer.from('<SVG onload=alert(1)>'), PNG.subarray(33)]),
      Buffer.concat([gifImage(1, 1), Buffer.from('<!DOCTYPE html>')]),
    ];
    for (const bytes of markup) {
      const response = await teacher.session.callMultipart(
        'POST',
        '/classrooms',
        classroomForm({}, { bytes, name: 'polyglot.png' }),
      );
      expect(response.status).toBe(415);
      expect(response.json()).toMatchObject({ code: 'image_with_markup' });
    }
  });

  it('refuses an image whose header gives no size', async () => {
    const response = await teacher.session.callMultipart(
      'POST',
      '/classrooms',
      classroomForm({}, { bytes: PNG.subarray(0, 16), name: 'cut.png' }),
    );
    expect(response.status).toBe(415);
    expect(response.json()).toMatchObject({ code: 'not_an_image' });
  });
});

describe('who sees which classrooms', () => {
  let own: Classroom;
  let others: Classroom;
  let invitedTo: Classroom;

  beforeAll(async () => {
    own = await createClassroom(teacher, classroomForm({ name: 'Own' }));
    others = await createClassroom(otherTeacher, classroomForm({ name: 'Others' }));
    invitedTo = await createClassroom(otherTeacher, classroomForm({ name: 'Invited to' }));
    await server.db.insert(members).values([
      { classroomId: others.id, userId: student.id, status: 'Accepted' },
      { classroomId: others.id, userId: guest.id, status: 'Accepted' },
      { classroomId: invitedTo.id, userId: student.id, status: 'Invited' },
      { classroomId: own.id, userId: student.id, status: 'PendingApproval' },
    ]);
  });

  const listed = async (who: Person) => {
    const response = await who.session.call('GET', '/classrooms');
    expect(response.status).toBe(200);
    return response.json<ClassroomSummary[]>();
  };
  const ids = (list: ClassroomSummary[]) => list.map((classroom) => classroom.id);

  it('lists per role, with the caller’s own invitations and requests, and counts', async () => {
    const ofStudent = await listed(student);
    expect(ofStudent.map(({ id, myStatus }) => ({ id, myStatus }))).toEqual(
      expect.arrayContaining([
        { id: others.id, myStatus: 'Accepted' },
        { id: invitedTo.id, myStatus: 'Invited' },
        { id: own.id, myStatus: 'PendingApproval' },
      ]),
    );
    expect(ofStudent).toHaveLength(3);
    expect(ofStudent.find((c) => c.id === others.id)).toMatchObject({
      memberCount: 2,
      labCount: 0,
      isCreator: false,
    });

    const ofTeacher = ids(await listed(teacher));
    expect(ofTeacher).toContain(own.id);
    expect(ofTeacher).not.toContain(others.id);
    expect(ids(await listed(admin))).toEqual(
      expect.arrayContaining([own.id, others.id, invitedTo.id]),
    );
    expect(await listed(guest)).toEqual([]);
  });

  it('shows the full classroom to members, the join code only to its managers', async () => {
    const ofStudent = (
      await student.session.call('GET', `/classrooms/${others.id}`)
    ).json<Classroom>();
    expect(ofStudent.joinCode).toBeUndefined();
    expect(ofStudent).toMatchObject({ id: others.id, memberCount: 2, myStatus: 'Accepted' });
    // The roster is paged on its own route, so the classroom costs the same however many join.
    expect(ofStudent).not.toHaveProperty('members');
    for (const manager of [otherTeacher, admin]) {
      const full = (
        await manager.session.call('GET', `/classrooms/${others.id}`)
      ).json<Classroom>();
      expect(full.joinCode).toBe(others.joinCode);
    }
  });

  it('shows invitees and requesters the summary only, and nobody else anything', async () => {
    const summary = await student.session.call('GET', `/classrooms/${invitedTo.id}`);
    expect(summary.status).toBe(200);
    expect(summary.json()).toMatchObject({ myStatus: 'Invited', hackingLabs: [] });
    expect(summary.json().joinCode).toBeUndefined();

    expect((await teacher.session.call('GET', `/classrooms/${others.id}`)).status).toBe(404);
    expect((await guest.session.call('GET', `/classrooms/${others.id}`)).status).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await admin.session.call('GET', `/classrooms/${unknown}`)).status).toBe(404);
  });

  it('tells each, in the list and the classroom, what they may do with it', async () => {
    const nothing = {
      manage: false,
      delete: false,
      manageCoTeachers: false,
      submitFlags: false,
      runTargets: false,
    };
    const manager = { ...nothing, manage: true, delete: true, manageCoTeachers: true };
    const member = { ...nothing, submitFlags: true, runTargets: true };
    const waiting = nothing;
    const cases: [Person, Classroom, ClassroomCan][] = [
      [teacher, own, manager],
      [admin, others, manager],
      [student, others, member],
      [student, invitedTo, waiting],
      [student, own, waiting],
    ];
    for (const [who, classroom, can] of cases) {
      expect((await listed(who)).find(({ id }) => id === classroom.id)?.can).toEqual(can);
      const detail = await who.session.call('GET', `/classrooms/${classroom.id}`);
      expect(detail.json<Classroom>().can).toEqual(can);
    }
  });
});

describe('a classroom’s creator who lost the teacher role', () => {
  it('is told they manage it no longer, and refused as before', async () => {
    const former = await signedInAs(server, 'teacher', 'former-teacher');
    const classroom = await createClassroom(former);
    const demoted = await admin.session.call('PATCH', `/users/${former.id}/role`, {
      roleId: ROLE.student,
    });
    expect(demoted.status).toBe(200);

    // As a student they no longer see it at all: nothing to offer, nothing to refuse.
    const listedToThem = async () =>
      (await former.session.call('GET', '/classrooms'))
        .json<ClassroomSummary[]>()
        .find(({ id }) => id === classroom.id);
    expect(await listedToThem()).toBeUndefined();
    expect((await former.session.call('GET', `/classrooms/${classroom.id}`)).status).toBe(404);

    // Wherever they still see it (here a membership written directly, which the product grants
    // no creator), it says what they may do, and the routes agree.
    await server.db
      .insert(members)
      .values({ classroomId: classroom.id, userId: former.id, status: 'Accepted' });
    const detail = (
      await former.session.call('GET', `/classrooms/${classroom.id}`)
    ).json<Classroom>();
    for (const seen of [await listedToThem(), detail]) {
      expect(seen).toMatchObject({ isCreator: true, can: { manage: false } });
    }
    expect(detail.joinCode).toBeUndefined();
    const refused = [
      await former.session.callMultipart('PUT', `/classrooms/${classroom.id}`, classroomForm()),
      await former.session.call('POST', `/classrooms/${classroom.id}/join-code`),
      await former.session.call('GET', `/classrooms/${classroom.id}/targets`),
      await former.session.call('DELETE', `/classrooms/${classroom.id}`),
    ];
    expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403]);
  });
});

describe('PUT /classrooms/:id', () => {
  it('updates the fields and replaces the image', async () => {
    const classroom = await createClassroom(
      teacher,
      classroomForm({}, { bytes: PNG, name: 'a.png' }),
    );
    const [before] = await server.db
      .select()
      .from(classrooms)
      .where(eq(classrooms.id, classroom.id));
    const gif = gifImage(2, 2);
    const response = await teacher.session.callMultipart(
      'PUT',
      `/classrooms/${classroom.id}`,
      classroomForm({ name: 'Web 102' }, { bytes: gif, name: 'b.gif', type: 'image/png' }),
    );
    expect(response.status).toBe(200);
    const updated = response.json<Classroom>();
    expect(updated.name).toBe('Web 102');
    expect(updated.imageUrl).not.toBe(classroom.imageUrl);
    const image = await fetchImage(teacher, updated.imageUrl ?? '');
    expect(image.headers['content-type']).toBe('image/gif');
    expect(image.rawPayload.equals(gif)).toBe(true);
    const [after] = await server.db
      .select()
      .from(classrooms)
      .where(eq(classrooms.id, classroom.id));
    expect(after?.imageKey).not.toBe(before?.imageKey);
  });

  it('is for its teacher and admins: 403 to those who only see it, 404 to others', async () => {
    const classroom = await createClassroom(teacher);
    await server.db
      .insert(members)
      .values({ classroomId: classroom.id, userId: student.id, status: 'Accepted' });
    const put = (who: Person) =>
      who.session.callMultipart('PUT', `/classrooms/${classroom.id}`, classroomForm());
    expect((await put(student)).status).toBe(403);
    expect((await put(otherTeacher)).status).toBe(404);
    expect((await put(admin)).status).toBe(200);
  });
});

describe('DELETE /classrooms/:id', () => {
  it('removes the classroom with its members, lab links, invitations, notifications and image', async () => {
    const classroom = await createClassroom(
      teacher,
      classroomForm({}, { bytes: PNG, name: 'a.png' }),
    );
    const [lab] = await server.db
      .insert(labs)
      .values({
        slug: `lab-${classroom.id}`,
        name: 'Lab',
        difficulty: 'Easy',
        category: 'Web',
        points: 10,
      })
      .returning();
    await server.db
      .insert(classroomLabs)
      .values({ classroomId: classroom.id, labId: lab?.id ?? '' });
    // An invitation notifies the student: that notification must go with the classroom.
    await teacher.session.call(
      'POST',
      `/classrooms/${classroom.id}/members?userEmail=${encodeURIComponent(student.email)}`,
    );
    await teacher.session.call(
      'POST',
      `/classrooms/${classroom.id}/members?userEmail=nobody-yet@example.org`,
    );
    const imageUrl = classroom.imageUrl ?? '';

    expect((await otherTeacher.session.call('DELETE', `/classrooms/${classroom.id}`)).status).toBe(
      404,
    );
    expect((await teacher.session.call('DELETE', `/classrooms/${classroom.id}`)).status).toBe(204);

    expect(
      await server.db.select().from(members).where(eq(members.classroomId, classroom.id)),
    ).toEqual([]);
    expect(
      await server.db
        .select()
        .from(classroomLabs)
        .where(eq(classroomLabs.classroomId, classroom.id)),
    ).toEqual([]);
    expect(
      await server.db
        .select()
        .from(emailInvitations)
        .where(eq(emailInvitations.classroomId, classroom.id)),
    ).toEqual([]);
    const left = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    expect(left.filter((n) => n.data.classroomId === classroom.id)).toEqual([]);
    expect((await fetchImage(admin, imageUrl)).statusCode).toBe(404);
    expect(
      (
        await server.db
          .select()
          .from(labs)
          .where(eq(labs.id, lab?.id ?? ''))
      ).length,
    ).toBe(1);
  });
});

describe('POST /classrooms/:id/join-code', () => {
  it('replaces the code for its managers only', async () => {
    const classroom = await createClassroom(teacher);
    expect(
      (await student.session.call('POST', `/classrooms/${classroom.id}/join-code`)).status,
    ).toBe(404);
    const response = await teacher.session.call('POST', `/classrooms/${classroom.id}/join-code`);
    expect(response.status).toBe(200);
    const { joinCode } = response.json<{ joinCode: string }>();
    expect(joinCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect(joinCode).not.toBe(classroom.joinCode);
    const old = await student.session.call('POST', '/classrooms/join', {
      classroomCode: classroom.joinCode,
    });
    expect(old.status).toBe(404);
  });
});
