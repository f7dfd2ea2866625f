import type { Lab } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, download } from '../../../test/support/labs';
import { members, users } from '../../db/schema';
import {
  DOWNLOAD_LINK_TTL_MS,
  downloadLinkKey,
  downloadLinkPath,
  grantDownload,
} from '../../labs/download-links';
import { attachmentDisposition } from '../../uploads/file-names';

let server: ApiServer;
let teacher: Person;
let admin: Person;
let member: Person;
let pending: Person;
let outsider: Person;
let otherTeacher: Person;
let lab: Lab;
let classroomId: string;

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
  ({ id: classroomId } = await classroom(server, teacher.id, {
    members: [
      [member.id, 'Accepted'],
      [pending.id, 'PendingApproval'],
    ],
    labs: [lab.id],
  }));
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

describe('download links', () => {
  const passwd = () => fileNamed(/^passwd$/);
  const linkPath = (file = passwd()) => `/hacking-labs/${lab.slug}/files/${file.id}/link`;
  /** Follows a link as a browser does: no bearer token. */
  const follow = (url: string) => server.app.inject({ method: 'GET', url });
  const key = () => downloadLinkKey(server.targets.deployment.proxySecret);

  it('gives who may download a file a link that downloads it without a token', async () => {
    const answer = await member.session.call('POST', linkPath());
    expect(answer.status).toBe(200);
    const { url } = answer.json<{ url: string }>();
    expect(url).toMatch(
      new RegExp(`^/api/hacking-labs/${lab.id}/files/${passwd().id}/download\\?user=${member.id}&`),
    );
    const response = await follow(url);
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, Buffer.from(binary))).toBe(0);
    expect(response.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': attachmentDisposition('passwd'),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'content-length': String(binary.length),
      'cache-control': 'private, no-store',
    });
    // A link works more than once within its minute: a browser may retry it.
    expect((await follow(url)).statusCode).toBe(200);
  });

  it.each([
    ['its creator', () => teacher, 200],
    ['an admin', () => admin, 200],
    ['a pending member', () => pending, 404],
    ['a student outside', () => outsider, 404],
    ['another teacher', () => otherTeacher, 404],
  ])('gives %s a link as it lets them download: %s', async (_who, who, status) => {
    expect((await who().session.call('POST', linkPath())).status).toBe(status);
  });

  it('refuses a link without a signed-in caller or the anti-forgery token', async () => {
    const anonymous = await server.app.inject({ method: 'POST', url: `/api${linkPath()}` });
    expect(anonymous.statusCode).toBe(401);
    const forged = await server.app.inject({
      method: 'POST',
      url: `/api${linkPath()}`,
      headers: { authorization: `Bearer ${member.idToken}` },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'antiforgery_failed' });
  });

  it('answers 403 to an altered link, whatever part was changed', async () => {
    const { url } = (await member.session.call('POST', linkPath())).json<{ url: string }>();
    const link = new URL(url, 'http://x');
    const other = fileNamed(/^evil\.html$/).id;
    const altered = [
      url.replace(passwd().id, other),
      url.replace(`user=${member.id}`, `user=${outsider.id}`),
      url.replace(/expires=(\d+)/, (_m, at) => `expires=${Number(at) + 3600}`),
      url.replace(
        /signature=.(.*)$/,
        (_m, rest) => `signature=${rest.startsWith('A') ? 'B' : 'A'}${rest}`,
      ),
    ];
    for (const candidate of altered) {
      expect(candidate).not.toBe(url);
      const response = await follow(candidate);
      expect(response.statusCode, candidate).toBe(403);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 403, code: 'download_link_invalid' });
    }
    // A signature for another deployment's secret is no better.
    const foreign = downloadLinkPath(
      '/api',
      downloadLinkKey('another deployment'),
      grantDownload({ labId: lab.id, fileId: passwd().id, userId: member.id }),
    );
    expect((await follow(foreign)).statusCode).toBe(403);
    expect(link.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers 410 past its minute', async () => {
    const made = Date.now() - DOWNLOAD_LINK_TTL_MS - 1000;
    const grant = grantDownload({ labId: lab.id, fileId: passwd().id, userId: member.id }, made);
    const response = await follow(downloadLinkPath('/api', key(), grant));
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ status: 410, code: 'download_link_expired' });
  });

  it('answers 400 to a link cut short or malformed', async () => {
    const { url } = (await member.session.call('POST', linkPath())).json<{ url: string }>();
    for (const broken of [
      url.replace(/&signature=.*$/, ''),
      url.replace(/expires=\d+/, 'expires=soon'),
      url.replace(`user=${member.id}`, 'user=me'),
    ]) {
      const response = await follow(broken);
      expect(response.statusCode, broken).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
  });

  it('stops working for a user who lost access since it was made', async () => {
    const leaver = await signedInAs(server, 'student');
    await server.db
      .insert(members)
      .values({ classroomId: classroomId, userId: leaver.id, status: 'Accepted' });
    const { url } = (await leaver.session.call('POST', linkPath())).json<{ url: string }>();
    await server.db
      .delete(members)
      .where(and(eq(members.classroomId, classroomId), eq(members.userId, leaver.id)));
    expect((await follow(url)).statusCode).toBe(404);

    const disabled = await member.session.call('POST', linkPath());
    await server.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, member.id));
    try {
      const response = await follow(disabled.json<{ url: string }>().url);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'account_disabled' });
    } finally {
      await server.db.update(users).set({ disabledAt: null }).where(eq(users.id, member.id));
    }
  });
});
