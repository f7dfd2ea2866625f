import type { Lab } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../testing';
import { attachmentDisposition } from '../../uploads/file-names';
import { classroom, createLab, download } from './test-fixtures';

let server: ApiServer;
let teacher: Person;
let admin: Person;
let member: Person;
let pending: Person;
let outsider: Person;
let otherTeacher: Person;
let lab: Lab;

const binary = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0x00, 0xff, 0x0a, 0x0d]);
const html = '<script>alert(document.cookie)</script>';

beforeAll(async () => {
  server = await startApiServer();
  [teacher, admin, member, pending, outsider, otherTeacher] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
    signedInAs(server, 'student'),
    signedInAs(server, 'teacher'),
  ]);
  lab = await createLab(teacher, {}, [
    ['../../etc/passwd', binary],
    ['evil\u0000.html', html],
    [`${'a'.repeat(296)}.exe`, 'MZ'],
    ['invoice\u202Efdp.exe', 'MZ'],
    ['\u2067notes\u2069\u200F\u061C\u0085\u200E\u202A.txt', 'text'],
  ]);
  await classroom(server, teacher.id, {
    members: [
      [member.id, 'Accepted'],
      [pending.id, 'PendingApproval'],
    ],
    labs: [lab.id],
  });
});
afterAll(() => server.close());

const fileNamed = (pattern: RegExp) => {
  const file = lab.files.find((candidate) => pattern.test(candidate.fileName));
  if (!file) throw new Error(`no file matching ${pattern}`);
  return file;
};

describe('GET /hacking-labs/:id/files/:fileId', () => {
  it('stores dangerous names safely', () => {
    const names = lab.files.map((file) => file.fileName);
    expect(names).toContain('passwd');
    expect(names).toContain('evil.html');
    const long = fileNamed(/^a+\.exe$/).fileName;
    expect(long.length).toBeLessThanOrEqual(120);
    expect(long.endsWith('.exe')).toBe(true);
    for (const name of names) {
      expect(['/', '\\', '\u0000', '..'].filter((bad) => name.includes(bad))).toEqual([]);
    }
  });

  it('drops the bidirectional and other control characters that disguise a name', () => {
    const names = lab.files.map((file) => file.fileName);
    // Shown as invoiceexe.pdf with the right-to-left override kept.
    expect(names).toContain('invoicefdp.exe');
    expect(names).toContain('notes.txt');
  });

  it('sends the exact bytes as an attachment that a browser will not render', async () => {
    const file = fileNamed(/^passwd$/);
    const response = await download(
      server,
      member.idToken,
      `/hacking-labs/${lab.id}/files/${file.id}`,
    );
    expect(response.status).toBe(200);
    expect(Buffer.compare(response.bytes, Buffer.from(binary))).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': attachmentDisposition('passwd'),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-length': String(binary.length),
      'cache-control': 'private, no-store',
    });
  });

  it('never serves an upload with the type it claimed', async () => {
    const file = fileNamed(/^evil\.html$/);
    const response = await download(
      server,
      teacher.idToken,
      `/hacking-labs/${lab.slug}/files/${file.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.bytes.toString()).toBe(html);
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="evil\.html"/);
    expect(response.headers['content-security-policy']).toMatch(/^sandbox;/);
  });

  it('downloads a long name under its shortened safe name', async () => {
    const file = fileNamed(/\.exe$/);
    const response = await download(
      server,
      admin.idToken,
      `/hacking-labs/${lab.id}/files/${file.id}`,
    );
    expect(response.status).toBe(200);
    expect(response.bytes.toString()).toBe('MZ');
    expect(response.headers['content-disposition']).toBe(attachmentDisposition(file.fileName));
  });

  it.each([
    ['its creator', () => teacher, 200],
    ['an admin', () => admin, 200],
    ['an accepted member of a classroom using it', () => member, 200],
    ['a pending member', () => pending, 404],
    ['a student outside', () => outsider, 404],
    ['another teacher', () => otherTeacher, 404],
  ])('lets %s download: %s', async (_who, who, status) => {
    const file = fileNamed(/^passwd$/);
    const response = await download(
      server,
      who().idToken,
      `/hacking-labs/${lab.id}/files/${file.id}`,
    );
    expect(response.status).toBe(status);
  });

  it('answers 404 for a file of another lab, an unknown file and no signed-in user', async () => {
    const other = await createLab(otherTeacher, {}, [['other.txt', 'other']]);
    const otherFile = other.files[0]?.id;
    expect(
      (await download(server, admin.idToken, `/hacking-labs/${lab.id}/files/${otherFile}`)).status,
    ).toBe(404);
    expect(
      (await download(server, admin.idToken, `/hacking-labs/${lab.id}/files/nope`)).status,
    ).toBe(404);
    const anonymous = await server.app.inject({
      method: 'GET',
      url: `/api/hacking-labs/${lab.id}/files/${fileNamed(/^passwd$/).id}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
