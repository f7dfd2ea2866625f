import { type Lab, type LabCan, type LabSummary, ROLE } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, labForm } from '../../../test/support/labs';
import { classroomLabs, labFiles } from '../../db/schema';

const EVERYTHING = { edit: true, delete: true, seeFlags: true, addToClassrooms: true };
const NOTHING = { edit: false, delete: false, seeFlags: false, addToClassrooms: false };

let server: ApiServer;
let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;
let outsider: Person;
let guest: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, otherTeacher, admin, student, outsider, guest] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
    signedInAs(server, 'guest'),
  ]);
});
afterAll(() => server.close());

const ids = (labs: { id: string }[]) => labs.map((lab) => lab.id);

describe('POST /hacking-labs', () => {
  it('creates a lab with its files', async () => {
    const response = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm(
        {
          name: '  SQL Injection 101  ',
          description: '**Dump** the users table',
          difficulty: 'Medium',
          category: 'Web',
          points: '250',
        },
        [
          ['dump.sql', 'select * from users;'],
          ['app.bin', new Uint8Array([0, 1, 2, 255])],
        ],
      ),
    );
    expect(response.status).toBe(201);
    const lab = response.json<Lab>();
    expect(lab).toMatchObject({
      name: 'SQL Injection 101',
      slug: expect.stringMatching(/^sql-injection-101(-\d+)?$/),
      description: '**Dump** the users table',
      difficulty: 'Medium',
      category: 'Web',
      points: 250,
      creatorId: teacher.id,
      fileCount: 2,
      classrooms: [],
    });
    expect(lab.files.map(({ fileName, size }) => [fileName, size]).sort()).toEqual([
      ['app.bin', 4],
      ['dump.sql', 20],
    ]);
    const fetched = await teacher.session.call('GET', `/hacking-labs/${lab.slug}`);
    expect(fetched.json()).toEqual(lab);
  });

  it('lets admins create labs, but not students or guests', async () => {
    expect((await admin.session.callMultipart('POST', '/hacking-labs', labForm())).status).toBe(
      201,
    );
    for (const who of [student, guest]) {
      const response = await who.session.callMultipart('POST', '/hacking-labs', labForm());
      expect(response.status).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
  });

  it.each([
    ['a blank name', { name: '   ' }, 'name'],
    ['a long name', { name: 'x'.repeat(101) }, 'name'],
    ['a long description', { description: 'x'.repeat(20_001) }, 'description'],
    ['an unknown difficulty', { difficulty: 'Trivial' }, 'difficulty'],
    ['an unknown category', { category: 'Cooking' }, 'category'],
    ['points that are not a number', { points: 'many' }, 'points'],
    ['fractional points', { points: '1.5' }, 'points'],
    ['zero points', { points: '0' }, 'points'],
    ['too many points', { points: '10001' }, 'points'],
  ])('refuses %s with a field error, keeping no files', async (_what, fields, field) => {
    const before = await server.db.select().from(labFiles);
    const response = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm(fields, [['notes.txt', 'hello']]),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed' });
    expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toBeDefined();
    expect(await server.db.select().from(labFiles)).toHaveLength(before.length);
  });

  it('names every missing field', async () => {
    const response = await teacher.session.callMultipart('POST', '/hacking-labs', new FormData());
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'category',
      'difficulty',
      'flags',
      'name',
      'points',
    ]);
  });

  it('refuses JSON: labs are created with a multipart form', async () => {
    const response = await teacher.session.call('POST', '/hacking-labs', { name: 'x' });
    expect(response.status).toBe(415);
  });

  it('gives each lab its own slug, even when created at once', async () => {
    const created = await Promise.all(
      Array.from({ length: 4 }, () => createLab(teacher, { name: 'Same Name!' })),
    );
    const slugs = created.map((lab) => lab.slug);
    expect(new Set(slugs).size).toBe(4);
    expect(slugs.sort()).toEqual(['same-name', 'same-name-2', 'same-name-3', 'same-name-4']);
    expect((await createLab(teacher, { name: '¡¡¡' })).slug).toMatch(/^lab(-\d+)?$/);
  });
});

describe('upload limits', () => {
  let small: ApiServer;
  let uploader: Person;

  beforeAll(async () => {
    small = await startApiServer({ uploads: { fileMaxBytes: 1024, filesPerLab: 2 } });
    uploader = await signedInAs(small, 'teacher');
  });
  afterAll(() => small.close());

  const files = async () => small.db.select().from(labFiles);

  it('accepts files up to the limits', async () => {
    const lab = await createLab(uploader, {}, [
      ['a.bin', new Uint8Array(1024)],
      ['b.bin', 'b'],
    ]);
    expect(lab.fileCount).toBe(2);
  });

  it('refuses a file over the size limit with 413, keeping nothing', async () => {
    const before = await files();
    const response = await uploader.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({}, [
        ['ok.txt', 'fine'],
        ['big.bin', new Uint8Array(1025)],
      ]),
    );
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({ code: 'file_too_large' });
    expect(await files()).toHaveLength(before.length);
  });

  it('refuses more files than a lab may have', async () => {
    const response = await uploader.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({}, [
        ['1.txt', '1'],
        ['2.txt', '2'],
        ['3.txt', '3'],
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'too_many_files' });
  });

  it('refuses files under any other field name', async () => {
    const form = labForm();
    form.append('image', new Blob(['x']), 'x.png');
    const response = await uploader.session.callMultipart('POST', '/hacking-labs', form);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'unexpected_file' });
  });
});

describe('who sees which labs', () => {
  let own: Lab;
  let others: Lab;
  let inClass: Lab;

  beforeAll(async () => {
    own = await createLab(teacher, {}, [['own.txt', 'own']]);
    others = await createLab(otherTeacher);
    inClass = await createLab(otherTeacher, {}, [
      ['a.txt', 'a'],
      ['b.txt', 'b'],
    ]);
    await classroom(server, otherTeacher.id, {
      members: [
        [student.id, 'Accepted'],
        [outsider.id, 'PendingApproval'],
        [guest.id, 'Accepted'],
      ],
      labs: [inClass.id],
    });
    // A second classroom with the same lab: the student still sees it once.
    await classroom(server, otherTeacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [inClass.id],
    });
  });

  const list = async (who: Person) => {
    const response = await who.session.call('GET', '/hacking-labs');
    expect(response.status).toBe(200);
    return response.json<LabSummary[]>();
  };

  it('lists a teacher’s own labs, with file counts', async () => {
    const labs = await list(teacher);
    expect(ids(labs)).toContain(own.id);
    expect(ids(labs)).not.toContain(others.id);
    expect(labs.every((lab) => lab.creatorId === teacher.id)).toBe(true);
    expect(labs.find((lab) => lab.id === own.id)?.fileCount).toBe(1);
  });

  it('lists every lab for an admin', async () => {
    expect(ids(await list(admin))).toEqual(expect.arrayContaining([own.id, others.id, inClass.id]));
  });

  it('lists a student the labs of their accepted classrooms, once each', async () => {
    const labs = await list(student);
    expect(ids(labs)).toEqual([inClass.id]);
    expect(labs[0]).toMatchObject({ fileCount: 2, name: inClass.name });
    expect(await list(outsider)).toEqual([]);
  });

  it('refuses guests a lab list', async () => {
    const response = await guest.session.call('GET', '/hacking-labs');
    expect(response.status).toBe(403);
  });

  it.each([
    ['its creator', () => teacher, () => own, 200],
    ['an admin', () => admin, () => own, 200],
    ['another teacher', () => otherTeacher, () => own, 404],
    ['a student outside its classrooms', () => student, () => own, 404],
    ['an accepted student', () => student, () => inClass, 200],
    ['a pending student', () => outsider, () => inClass, 404],
    ['a guest listed as accepted', () => guest, () => inClass, 404],
  ])('shows a lab to %s: %s', async (_who, who, lab, status) => {
    for (const key of [lab().id, lab().slug]) {
      const response = await who().session.call('GET', `/hacking-labs/${key}`);
      expect(response.status).toBe(status);
    }
  });

  it('answers unknown ids and slugs with 404', async () => {
    for (const key of ['no-such-lab', '00000000-0000-4000-8000-000000000000', '%2e%2e']) {
      expect((await admin.session.call('GET', `/hacking-labs/${key}`)).status).toBe(404);
    }
  });

  it('names the classrooms using a lab only to those who run them', async () => {
    const byCreator = await otherTeacher.session.call('GET', `/hacking-labs/${inClass.id}`);
    expect(byCreator.json<Lab>().classrooms).toHaveLength(2);
    const byAdmin = await admin.session.call('GET', `/hacking-labs/${inClass.id}`);
    expect(byAdmin.json<Lab>().classrooms).toHaveLength(2);
    const byStudent = await student.session.call('GET', `/hacking-labs/${inClass.id}`);
    expect(byStudent.json<Lab>()).toMatchObject({ classrooms: [], fileCount: 2 });
  });

  it('tells each, in the list and the lab, what they may do with it', async () => {
    const cases: [Person, Lab, LabCan][] = [
      [teacher, own, EVERYTHING],
      [admin, others, EVERYTHING],
      [student, inClass, NOTHING],
    ];
    for (const [who, lab, can] of cases) {
      expect((await list(who)).find(({ id }) => id === lab.id)?.can).toEqual(can);
      const detail = await who.session.call('GET', `/hacking-labs/${lab.id}`);
      expect(detail.json<Lab>().can).toEqual(can);
    }
  });
});

describe('a lab’s creator who lost the teacher role', () => {
  it('is told they may change it no longer, and refused', async () => {
    const former = await signedInAs(server, 'teacher', 'former-author');
    const lab = await createLab(former);
    // An admin added it to another teacher's classroom, which its author had joined.
    await classroom(server, otherTeacher.id, {
      members: [[former.id, 'Accepted']],
      labs: [lab.id],
    });
    const demoted = await admin.session.call('PATCH', `/users/${former.id}/role`, {
      roleId: ROLE.student,
    });
    expect(demoted.status).toBe(200);

    const seen = (await former.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>();
    expect(seen).toMatchObject({ creatorId: former.id, can: NOTHING });
    expect(seen.flags).toBeUndefined();
    const edit = await former.session.callMultipart('PUT', `/hacking-labs/${lab.id}`, labForm());
    expect(edit.status).toBe(403);
    expect((await former.session.call('DELETE', `/hacking-labs/${lab.id}`)).status).toBe(403);
  });
});

describe('DELETE /hacking-labs/:id', () => {
  const storedKeys = async (labId: string) =>
    (await server.db.select().from(labFiles).where(eq(labFiles.labId, labId))).map(
      (file) => file.storageKey,
    );
  const isStored = async (key: string) => {
    try {
      (await server.files.get(key)).body.destroy();
      return true;
    } catch {
      return false;
    }
  };

  it('deletes an unused lab and its stored files', async () => {
    const lab = await createLab(teacher, {}, [
      ['x.txt', 'x'],
      ['y.txt', 'y'],
    ]);
    const keys = await storedKeys(lab.id);
    expect(await Promise.all(keys.map(isStored))).toEqual([true, true]);
    const response = await teacher.session.call('DELETE', `/hacking-labs/${lab.id}`);
    expect(response.status).toBe(204);
    expect(await Promise.all(keys.map(isStored))).toEqual([false, false]);
    expect(await storedKeys(lab.id)).toEqual([]);
    expect((await teacher.session.call('GET', `/hacking-labs/${lab.id}`)).status).toBe(404);
  });

  it('refuses a lab some classroom uses, unless forced', async () => {
    const lab = await createLab(teacher, {}, [['x.txt', 'x']]);
    const [key] = await storedKeys(lab.id);
    await classroom(server, teacher.id, { labs: [lab.id] });
    await classroom(server, teacher.id, { labs: [lab.id] });
    const refused = await teacher.session.call('DELETE', `/hacking-labs/${lab.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'lab_in_use', detail: /^2 classrooms use/ });
    expect(await isStored(key as string)).toBe(true);
    const forced = await teacher.session.call('DELETE', `/hacking-labs/${lab.id}?force=true`);
    expect(forced.status).toBe(204);
    expect(
      await server.db.select().from(classroomLabs).where(eq(classroomLabs.labId, lab.id)),
    ).toEqual([]);
    expect(await isStored(key as string)).toBe(false);
  });

  it('lets admins delete any lab', async () => {
    const lab = await createLab(teacher);
    expect((await admin.session.call('DELETE', `/hacking-labs/${lab.id}`)).status).toBe(204);
  });

  it('refuses those who see the lab but did not make it, and hides it from the rest', async () => {
    const lab = await createLab(otherTeacher);
    await classroom(server, otherTeacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    expect((await student.session.call('DELETE', `/hacking-labs/${lab.id}`)).status).toBe(403);
    expect((await teacher.session.call('DELETE', `/hacking-labs/${lab.id}`)).status).toBe(404);
    expect((await otherTeacher.session.call('GET', `/hacking-labs/${lab.id}`)).status).toBe(200);
  });

  it('refuses a malformed id', async () => {
    expect((await admin.session.call('DELETE', '/hacking-labs/not-a-uuid')).status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('lists the lab routes with their security', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    const { paths } = response.json<{ paths: Record<string, Record<string, object>> }>();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/hacking-labs',
        '/hacking-labs/{idOrSlug}',
        '/hacking-labs/{id}',
        '/hacking-labs/{idOrSlug}/files/{fileId}',
        '/classrooms/{id}/hacking-labs',
        '/classrooms/{id}/hacking-labs/{labId}',
      ]),
    );
    expect(paths['/hacking-labs']?.post).toMatchObject({
      tags: ['hacking-labs'],
      security: [{ idToken: [], antiforgery: [] }, { apiToken: ['write'] }],
    });
  });
});
