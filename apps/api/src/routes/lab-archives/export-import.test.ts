import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type {
  Lab,
  LabArchiveManifest,
  LabImportReport,
  LabSetArchiveManifest,
} from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { importForm, tarGz, untarGz } from '../../../test/support/archives';
import { classroom, createLab, download, unlockPaths } from '../../../test/support/labs';
import {
  classroomLabRequirements,
  classroomLabs,
  labFiles,
  labFlags,
  labHints,
  labs,
  notifications,
} from '../../db/schema';
import { labForArchive } from '../../lab-archives/archived-lab';

let server: ApiServer;
let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;

const target = {
  image: 'labs/sqli:3',
  port: 8080,
  kind: 'http',
  env: [{ name: 'MODE', value: 'hard' }],
  flagMode: 'static',
};
const binary = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0xff, 0x0a, 0x0d]);

/** A lab using every part an archive carries: files, hints, a regex flag, dynamic scoring, a target. */
async function fullLab(owner: Person): Promise<Lab> {
  const lab = await createLab(
    owner,
    {
      description: '# Break in\n\nThe **login** form is weak.',
      difficulty: 'Hard',
      category: 'Web',
      points: '500',
      flags: JSON.stringify([{ value: 'flag{exact}', caseSensitive: false }]),
      target: JSON.stringify(target),
    },
    [
      ['notes.txt', 'read me'],
      ['notes.txt', 'a second file of the same name'],
      ['binary.elf', binary],
    ],
  );
  await server.db
    .update(labs)
    .set({ scoring: 'dynamic', minimumPoints: 100, decay: 10 })
    .where(eq(labs.id, lab.id));
  await server.db
    .insert(labFlags)
    .values({ labId: lab.id, value: 'flag\\{[a-z]+_[0-9]{3}\\}', kind: 'regex', position: 1 });
  await server.db.insert(labHints).values([
    { labId: lab.id, content: 'Look at the *cookies*.', cost: 0, position: 0 },
    { labId: lab.id, content: 'Try `admin`.', cost: 50, position: 1 },
  ]);
  return lab;
}

async function exportOf(who: Person, url: string) {
  const response = await download(server, who.idToken, url);
  expect(response.status).toBe(200);
  return { ...response, files: await untarGz(response.bytes) };
}

async function importAs(who: Person, name: string, bytes: Buffer, classroomId?: string) {
  return who.session.callMultipart(
    'POST',
    '/hacking-labs/import',
    importForm(name, bytes, classroomId),
  );
}

/** A lab as an archive keeps it, and its files' bytes, for comparing two labs. */
async function comparable(labId: string) {
  const { lab, files } = await labForArchive(server.db, labId);
  const bytes = await Promise.all(
    files.map(async (file) => ({
      name: file.name,
      bytes: await buffer((await server.files.get(file.storageKey)).body),
    })),
  );
  return { lab, files: bytes.sort((a, b) => a.name.localeCompare(b.name)) };
}

beforeAll(async () => {
  server = await startApiServer();
  [teacher, otherTeacher, admin, student] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

describe('a lab’s archive', () => {
  it('holds a manifest and every file, and imports as an equal lab of the importer, its target once added', async () => {
    const lab = await fullLab(teacher);
    const exported = await exportOf(teacher, `/hacking-labs/${lab.id}/export`);
    expect(exported.headers['content-type']).toBe('application/gzip');
    expect(exported.headers['content-disposition']).toContain(`${lab.slug}.hackclass.tar.gz`);
    expect([...exported.files.keys()].sort()).toEqual([
      'files/binary.elf',
      'files/notes (2).txt',
      'files/notes.txt',
      'manifest.json',
    ]);
    const manifest = JSON.parse(
      exported.files.get('manifest.json')?.toString() ?? '',
    ) as LabArchiveManifest;
    expect(manifest).toMatchObject({
      format: 'hackclass-lab',
      version: 1,
      lab: {
        name: lab.name,
        points: 500,
        scoring: 'dynamic',
        minimumPoints: 100,
        decay: 10,
        flags: [
          { value: 'flag{exact}', kind: 'exact', caseSensitive: false },
          { value: 'flag\\{[a-z]+_[0-9]{3}\\}', kind: 'regex', caseSensitive: true },
        ],
        hints: [
          { content: 'Look at the *cookies*.', cost: 0, order: 0 },
          { content: 'Try `admin`.', cost: 50, order: 1 },
        ],
        target: { image: 'labs/sqli:3', port: 8080, env: [{ name: 'MODE', value: 'hard' }] },
      },
    });
    expect(manifest.lab.files.find((file) => file.name === 'binary.elf')).toEqual({
      name: 'binary.elf',
      size: binary.length,
      sha256: createHash('sha256').update(binary).digest('hex'),
    });

    const imported = await importAs(otherTeacher, `${lab.slug}.hackclass.tar.gz`, exported.bytes);
    expect(imported.status).toBe(201);
    const report = imported.json<LabImportReport>();
    expect(report.skipped).toEqual([]);
    expect(report.notMapped).toEqual([]);
    const [created] = report.created;
    expect(created?.name).toBe(lab.name);
    expect(created?.slug).not.toBe(lab.slug);
    const [row] = await server.db
      .select()
      .from(labs)
      .where(eq(labs.id, created?.id ?? ''));
    expect(row?.creatorId).toBe(otherTeacher.id);
    // Everything but the live target, which waits for the importer to read it and add it.
    expect(report.targets).toEqual([
      { labId: created?.id, lab: lab.name, target: expect.objectContaining(target) },
    ]);
    const original = await comparable(lab.id);
    expect(await comparable(created?.id ?? '')).toEqual({
      ...original,
      lab: { ...original.lab, target: null },
    });
    const added = await otherTeacher.session.call(
      'POST',
      `/hacking-labs/${created?.id}/target`,
      report.targets[0]?.target,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await comparable(created?.id ?? '')).toEqual(await comparable(lab.id));
    const again = await otherTeacher.session.call(
      'POST',
      `/hacking-labs/${created?.id}/target`,
      report.targets[0]?.target,
    );
    expect(again.status).toBe(409);
  });

  it('stores its file names cleaned as an upload’s are', async () => {
    const files: [string, Buffer][] = [
      ['report\u202Efdp.exe', Buffer.from('spoofs a PDF')],
      ['line\r\nbreak\u0007.txt', Buffer.from('control characters')],
      ['..hidden', Buffer.from('leading dots')],
      ['con:*?<>.txt', Buffer.from('what Windows forbids')],
      ['con.txt', Buffer.from('the same name once cleaned')],
    ];
    const manifest: LabArchiveManifest = {
      format: 'hackclass-lab',
      version: 1,
      exportedAt: new Date().toISOString(),
      lab: {
        name: 'Names',
        description: '',
        difficulty: 'Easy',
        category: 'Web',
        points: 10,
        scoring: 'fixed',
        minimumPoints: null,
        decay: null,
        flags: [{ value: 'flag{names}', kind: 'exact', caseSensitive: true }],
        hints: [],
        target: null,
        files: files.map(([name, bytes]) => ({
          name,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        })),
      },
    };
    const archive = await tarGz([
      ['manifest.json', JSON.stringify(manifest)],
      ...files.map(([name, bytes]): [string, Buffer] => [`files/${name}`, bytes]),
    ]);
    const imported = await importAs(teacher, 'names.hackclass.tar.gz', archive);
    expect(imported.status).toBe(201);
    const [created] = imported.json<LabImportReport>().created;
    const stored = await server.db
      .select({ fileName: labFiles.fileName })
      .from(labFiles)
      .where(eq(labFiles.labId, created?.id ?? ''));
    expect(stored.map((file) => file.fileName).sort()).toEqual(
      ['reportfdp.exe', 'linebreak.txt', 'hidden', 'con.txt', 'con (2).txt'].sort(),
    );
  });

  it('is for the lab’s editors: 403 for its classroom’s students, 404 for who cannot see it', async () => {
    const lab = await createLab(teacher);
    await classroom(server, teacher.id, { members: [[student.id, 'Accepted']], labs: [lab.id] });
    const url = `/hacking-labs/${lab.id}/export`;
    expect((await download(server, admin.idToken, url)).status).toBe(200);
    expect((await download(server, student.idToken, url)).status).toBe(403);
    expect((await download(server, otherTeacher.idToken, url)).status).toBe(404);
  });
});

describe('a classroom’s set of labs', () => {
  it('travels with its schedules and unlock paths, leaving out labs the exporter may not edit', async () => {
    const first = await fullLab(teacher);
    const second = await createLab(teacher, {}, [['hint.txt', 'second']]);
    const borrowed = await createLab(otherTeacher);
    const course = await classroom(server, teacher.id, {
      labs: [first.id, second.id, borrowed.id],
    });
    const opensAt = new Date('2030-01-10T08:00:00.000Z');
    const dueAt = new Date('2030-01-20T22:00:00.000Z');
    await server.db
      .update(classroomLabs)
      .set({ opensAt, dueAt, latePercent: 40 })
      .where(and(eq(classroomLabs.classroomId, course.id), eq(classroomLabs.labId, second.id)));
    await server.db.insert(classroomLabRequirements).values([
      { classroomId: course.id, labId: second.id, requiredLabId: first.id },
      { classroomId: course.id, labId: second.id, requiredLabId: borrowed.id },
    ]);

    const exported = await exportOf(teacher, `/classrooms/${course.id}/hacking-labs/export`);
    const manifest = JSON.parse(
      exported.files.get('manifest.json')?.toString() ?? '',
    ) as LabSetArchiveManifest;
    expect(manifest.labs.map((entry) => entry.ref).sort()).toEqual(
      [first.slug, second.slug].sort(),
    );
    expect(manifest.labs.find((entry) => entry.ref === second.slug)).toEqual({
      ref: second.slug,
      opensAt: opensAt.toISOString(),
      dueAt: dueAt.toISOString(),
      latePercent: 40,
      requires: [first.slug],
    });
    expect(manifest.leftOut).toEqual([{ name: borrowed.name, reason: expect.any(String) }]);
    expect(exported.files.has(`labs/${second.slug}/files/hint.txt`)).toBe(true);
    expect(exported.files.has(`labs/${first.slug}/manifest.json`)).toBe(true);

    const target = await classroom(server, otherTeacher.id, {
      members: [[student.id, 'Accepted']],
    });
    const imported = await importAs(
      otherTeacher,
      'set.hackclass.tar.gz',
      exported.bytes,
      target.id,
    );
    expect(imported.status).toBe(201);
    const report = imported.json<LabImportReport>();
    expect(report.created.map((lab) => lab.name).sort()).toEqual([first.name, second.name].sort());
    expect(report.skipped).toEqual([
      { name: borrowed.name, reason: expect.stringContaining('Left out') },
    ]);
    const idOf = (name: string) => report.created.find((lab) => lab.name === name)?.id ?? '';
    const nameOf = (ref: string) => [first, second].find((lab) => lab.slug === ref)?.name;
    const links = await server.db
      .select()
      .from(classroomLabs)
      .where(eq(classroomLabs.classroomId, target.id));
    expect(links.find((link) => link.labId === idOf(second.name))).toMatchObject({
      opensAt,
      dueAt,
      latePercent: 40,
    });
    expect(links.find((link) => link.labId === idOf(first.name))).toMatchObject({
      opensAt: null,
      dueAt: null,
      latePercent: 100,
    });
    expect(await unlockPaths(server, target.id)).toEqual([
      { labId: idOf(second.name), requiredLabId: idOf(first.name) },
    ]);
    // The lab that opens in 2030 stays unknown to the classroom's student until then.
    const told = await server.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(and(eq(notifications.userId, student.id), eq(notifications.type, 'LabAdded')));
    expect(told.map(({ data }) => data.labId)).toEqual([idOf(first.name)]);
    const original = await comparable(first.id);
    expect(await comparable(idOf(first.name))).toEqual({
      ...original,
      lab: { ...original.lab, target: null },
    });
    expect(report.targets.map(({ lab }) => lab)).toEqual([first.name]);

    const again = await exportOf(otherTeacher, `/classrooms/${target.id}/hacking-labs/export`);
    const reexported = JSON.parse(
      again.files.get('manifest.json')?.toString() ?? '',
    ) as LabSetArchiveManifest;
    expect(reexported.labs.map((entry) => entry.ref)).toEqual(
      manifest.labs.map(
        (entry) => report.created.find((lab) => lab.name === nameOf(entry.ref))?.slug,
      ),
    );
  });

  it('keeps no schedule or path when imported outside a classroom, and says so', async () => {
    const first = await createLab(teacher);
    const second = await createLab(teacher);
    const course = await classroom(server, teacher.id, { labs: [first.id, second.id] });
    await server.db
      .insert(classroomLabRequirements)
      .values({ classroomId: course.id, labId: second.id, requiredLabId: first.id });
    const exported = await exportOf(teacher, `/classrooms/${course.id}/hacking-labs/export`);
    const imported = await importAs(teacher, 'set.tar.gz', exported.bytes);
    expect(imported.status).toBe(201);
    expect(imported.json<LabImportReport>().notMapped).toEqual([
      { lab: second.name, field: 'requirements', reason: expect.stringContaining('classroom') },
    ]);
  });

  it('is for the classroom’s managers', async () => {
    const course = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const url = `/classrooms/${course.id}/hacking-labs/export`;
    expect((await download(server, student.idToken, url)).status).toBe(403);
    expect((await download(server, otherTeacher.idToken, url)).status).toBe(404);
    expect((await download(server, admin.idToken, url)).status).toBe(200);
  });

  it('imports into a classroom the caller manages only', async () => {
    const lab = await createLab(teacher);
    const exported = await exportOf(teacher, `/hacking-labs/${lab.id}/export`);
    const theirs = await classroom(server, teacher.id);
    const refused = await importAs(otherTeacher, 'lab.tar.gz', exported.bytes, theirs.id);
    expect(refused.status).toBe(404);
    const before = await server.db.select({ id: labFiles.id }).from(labFiles);
    expect((await importAs(student, 'lab.tar.gz', exported.bytes)).status).toBe(403);
    expect(await server.db.select({ id: labFiles.id }).from(labFiles)).toHaveLength(before.length);
  });
});
