import { join } from 'node:path';
import type { LabImportReport } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import {
  CTFD_FIXTURES,
  filesUnder,
  importForm,
  liarZip,
  tarGz,
  zip,
} from '../../../test/support/archives';
import { classroom, unlockPaths } from '../../../test/support/labs';
import { classroomLabs, labs, notifications } from '../../db/schema';
import { labForArchive } from '../../lab-archives/archived-lab';

let server: ApiServer;
let teacher: Person;
let student: Person;

const MAX_BYTES = 256 * 1024;

beforeAll(async () => {
  server = await startApiServer({ uploads: { fileMaxBytes: MAX_BYTES } });
  [teacher, student] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

const importAs = (who: Person, name: string, bytes: Buffer | string, classroomId?: string) =>
  who.session.callMultipart('POST', '/hacking-labs/import', importForm(name, bytes, classroomId));

const fixtures = () => filesUnder(CTFD_FIXTURES);

function created(report: LabImportReport, name: string) {
  const lab = report.created.find((candidate) => candidate.name === name);
  if (!lab) throw new Error(`${name} was not created`);
  return lab;
}

const fieldsOf = (report: LabImportReport, lab: string) =>
  report.notMapped.filter((entry) => entry.lab === lab).map((entry) => entry.field);

describe('importing CTFd challenges', () => {
  it.each([
    ['challenges.zip', () => zip(fixtures())],
    ['challenges.tar.gz', () => tarGz(fixtures())],
  ])('maps a %s of challenge folders and reports what does not map', async (name, pack) => {
    const course = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const response = await importAs(teacher, name, await pack(), course.id);
    expect(response.status).toBe(201);
    const report = response.json<LabImportReport>();
    expect(report.created.map((lab) => lab.name).sort()).toEqual([
      'Admin Panel',
      'Cookie Monster',
      'Radio Waves',
    ]);
    expect(report.skipped).toEqual([]);

    const cookies = await labForArchive(server.db, created(report, 'Cookie Monster').id);
    expect(cookies.lab).toMatchObject({
      category: 'Web',
      difficulty: 'Medium',
      points: 100,
      scoring: 'fixed',
      flags: [
        { value: 'flag{c00kies_are_tasty}', kind: 'exact', caseSensitive: true },
        { value: 'FLAG{COOKIES_ARE_TASTY}', kind: 'exact', caseSensitive: false },
      ],
      hints: [{ content: 'Look at how the session cookie is signed.', cost: 0, order: 0 }],
    });
    expect(cookies.lab.description).toContain('become the admin?');
    expect(cookies.files.map((file) => file.name).sort()).toEqual(['app.py', 'request.txt']);
    expect(fieldsOf(report, 'Cookie Monster').sort()).toEqual([
      'author',
      'difficulty',
      'state',
      'version',
    ]);

    const panel = await labForArchive(server.db, created(report, 'Admin Panel').id);
    expect(panel.lab).toMatchObject({
      category: 'Web',
      points: 500,
      scoring: 'dynamic',
      minimumPoints: 100,
      decay: 10,
      flags: [{ value: 'flag\\{panel_[0-9a-f]{8}\\}', kind: 'regex', caseSensitive: false }],
      hints: [
        { content: 'The panel is not linked from anywhere.', cost: 10, order: 0 },
        { content: 'Try a common word list against the paths.', cost: 25, order: 1 },
      ],
    });
    expect(await unlockPaths(server, course.id)).toEqual([
      {
        labId: created(report, 'Admin Panel').id,
        requiredLabId: created(report, 'Cookie Monster').id,
      },
    ]);

    const radio = await labForArchive(server.db, created(report, 'Radio Waves').id);
    expect(radio.lab).toMatchObject({
      category: 'Misc',
      scoring: 'dynamic',
      points: 300,
      minimumPoints: 50,
      decay: 20,
      flags: [{ value: 'flag{fm_is_fun}', kind: 'exact' }],
    });
    expect(fieldsOf(report, 'Radio Waves').sort()).toEqual(
      [
        'attempts',
        'author',
        'category',
        'connection_info',
        'difficulty',
        'extra.function',
        'flags',
        'healthcheck',
        'host',
        'image',
        'protocol',
        'requirements',
        'state',
        'tags',
        'topics',
        'version',
      ].sort(),
    );
    expect(
      report.notMapped.find((entry) => entry.lab === 'Radio Waves' && entry.field === 'category')
        ?.reason,
    ).toContain('"hardware"');

    const links = await server.db
      .select()
      .from(classroomLabs)
      .where(eq(classroomLabs.classroomId, course.id));
    expect(links).toHaveLength(3);
    const told = await server.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, student.id));
    const aboutCourse = told.filter(
      (notification) =>
        notification.type === 'LabAdded' && notification.data.classroomId === course.id,
    );
    expect(aboutCourse).toHaveLength(3);
  });

  it('takes a lone challenge.yml, reporting the files it lists as left behind', async () => {
    const yml = fixtures().get(join('cookie-monster', 'challenge.yml')) ?? Buffer.alloc(0);
    const response = await importAs(teacher, 'challenge.yml', yml);
    expect(response.status).toBe(201);
    const report = response.json<LabImportReport>();
    expect(report.created).toHaveLength(1);
    expect(
      report.notMapped.filter((entry) => entry.field === 'files').map((entry) => entry.reason),
    ).toEqual([
      expect.stringContaining('handout/app.py'),
      expect.stringContaining('handout/request.txt'),
    ]);
  });

  it('skips a challenge of a type it cannot run or without a flag it can check', async () => {
    const response = await importAs(
      teacher,
      'mixed.zip',
      zip([
        ['quiz/challenge.yml', 'name: Quiz\ntype: multiple_choice\nvalue: 10\nflags: [a]\n'],
        [
          'broken/challenge.yml',
          "name: Backrefs\nvalue: 10\nflags:\n  - {type: regex, content: '(x)\\1'}\n",
        ],
        ['fine/challenge.yml', 'name: Fine\nvalue: 10\nflags: ["flag{fine}"]\n'],
      ]),
    );
    expect(response.status).toBe(201);
    const report = response.json<LabImportReport>();
    expect(report.created.map((lab) => lab.name)).toEqual(['Fine']);
    expect(report.skipped.map((lab) => lab.name).sort()).toEqual(['Backrefs', 'Quiz']);
  });

  it('names the line and column of a YAML error', async () => {
    const response = await importAs(
      teacher,
      'challenge.yml',
      'name: Broken\nflags: [a, b\nvalue: 1\n',
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'lab_archive_invalid',
      detail: expect.stringMatching(/^challenge\.yml: YAML error at line \d+, column \d+/),
    });
  });

  it('refuses a YAML alias bomb as an invalid challenge.yml', async () => {
    // "Billion laughs": each level names the one before nine times, 9⁷ strings in all.
    const levels = 'abcdefg';
    const laughs = [...levels]
      .map((level, index) => {
        const item = index === 0 ? 'lol' : `*${levels[index - 1]}`;
        return `${level}: &${level} [${Array(9).fill(item).join(', ')}]`;
      })
      .join('\n');
    const response = await importAs(teacher, 'challenge.yml', `name: Laughs\n${laughs}\n`);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'lab_archive_invalid',
      detail: expect.stringMatching(/^challenge\.yml: YAML error: .*alias/),
    });
  });

  it('reports fields named like Object’s own properties as unknown, not as what they inherit', async () => {
    const response = await importAs(
      teacher,
      'challenge.yml',
      [
        'name: Prototype',
        'value: 10',
        'flags: [x]',
        'category: constructor',
        '__proto__: {polluted: true}',
        'constructor: x',
        'toString: x',
      ].join('\n'),
    );
    expect(response.status).toBe(201);
    const { notMapped } = response.json<LabImportReport>();
    const unknown = 'Not a field of ctfcli’s challenge.yml that HackClass knows';
    expect(notMapped.filter((entry) => entry.field !== 'difficulty')).toEqual([
      { lab: 'Prototype', field: '__proto__', reason: unknown },
      { lab: 'Prototype', field: 'constructor', reason: unknown },
      { lab: 'Prototype', field: 'toString', reason: unknown },
      { lab: 'Prototype', field: 'category', reason: expect.stringContaining('"constructor"') },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a file challenge.yml lists that the upload lacks, leaving nothing stored', async () => {
    const before = await storedKeys();
    const response = await importAs(
      teacher,
      'missing.zip',
      zip([
        ['a/challenge.yml', 'name: A\nvalue: 10\nflags: [x]\nfiles: [a.txt]\n'],
        ['a/a.txt', 'here'],
        ['b/challenge.yml', 'name: B\nvalue: 10\nflags: [x]\nfiles: [gone.txt]\n'],
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'lab_archive_invalid',
      detail: 'b/gone.txt: Listed in challenge.yml but missing',
    });
    expect(await storedKeys()).toEqual(before);
  });
});

describe('all or nothing', () => {
  it('creates no lab and keeps no file when the labs would go past the quota', async () => {
    const tight = await startApiServer({ quotas: { labs: 2 } });
    try {
      const owner = await signedInAs(tight, 'teacher');
      const response = await owner.session.callMultipart(
        'POST',
        '/hacking-labs/import',
        importForm('challenges.zip', zip(fixtures())),
      );
      expect(response.status).toBe(409);
      expect(response.json()).toMatchObject({ code: 'quota_exceeded' });
      expect(await tight.db.select().from(labs)).toEqual([]);
      const left: string[] = [];
      for await (const file of tight.files.list()) left.push(file.key);
      expect(left).toEqual([]);
    } finally {
      await tight.close();
    }
  });
});

async function storedKeys() {
  const keys: string[] = [];
  for await (const file of server.files.list()) keys.push(file.key);
  return keys.sort();
}

describe('refusing what an upload must not do', () => {
  const yml = 'name: Evil\nvalue: 10\nflags: [x]\nfiles: [notes.txt]\n';

  it.each([
    [
      'a path climbing out of a zip',
      () =>
        zip([
          ['evil/challenge.yml', yml],
          ['../notes.txt', 'x'],
        ]),
    ],
    ['a path climbing out of a tar', () => tarGz([['evil/../../notes.txt', 'x']])],
    ['an absolute path', () => tarGz([['/etc/notes.txt', 'x']])],
    [
      'a symbolic link',
      () =>
        tarGz(
          [
            ['evil/challenge.yml', yml],
            ['evil/notes.txt', ''],
          ],
          { 'evil/notes.txt': '/etc/passwd' },
        ),
    ],
    [
      'a symbolic link in a zip',
      () =>
        Buffer.from(
          zipSync({
            'evil/challenge.yml': strToU8(yml),
            // A link made on Unix (host 3) to a file of the server's.
            'evil/notes.txt': [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }],
          }),
        ),
    ],
    [
      'files listed outside the challenge’s folder',
      () =>
        zip([
          ['evil/challenge.yml', 'name: Evil\nvalue: 10\nflags: [x]\nfiles: [../../etc/passwd]\n'],
        ]),
    ],
  ])('refuses %s', async (_, pack) => {
    const response = await importAs(teacher, 'evil.tar.gz', await pack());
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'lab_archive_invalid' });
  });

  it.each([
    [
      'a zip bomb',
      () =>
        zip([
          ['bomb/challenge.yml', yml],
          ['bomb/notes.txt', Buffer.alloc(MAX_BYTES * 4)],
        ]),
    ],
    [
      'a gzip bomb',
      () =>
        tarGz([
          ['bomb/challenge.yml', yml],
          ['bomb/notes.txt', Buffer.alloc(MAX_BYTES * 4)],
        ]),
    ],
    [
      'too many entries',
      () => zip(Array.from({ length: 1_001 }, (_, index): [string, string] => [`f/${index}`, ''])),
    ],
  ])('refuses %s as too large', async (_, pack) => {
    const bytes = await pack();
    expect(bytes.length).toBeLessThan(MAX_BYTES);
    const response = await importAs(teacher, 'bomb.zip', bytes);
    expect(response.status).toBe(413);
    expect(response.json()).toMatchObject({ code: 'lab_archive_too_large' });
  });

  it('refuses a zip entry inflating past its declared size without holding up the server', async () => {
    const bomb = liarZip('bomb/notes.txt', 100, 64 * 1_048_576);
    expect(bomb.length).toBeLessThan(MAX_BYTES);
    let last = performance.now();
    let longestPause = 0;
    const pause = () => {
      const now = performance.now();
      longestPause = Math.max(longestPause, now - last);
      last = now;
    };
    const ticks = setInterval(pause, 5);
    const response = await importAs(teacher, 'bomb.zip', bomb).finally(() => {
      clearInterval(ticks);
      pause();
    });
    expect(longestPause).toBeLessThan(200);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'lab_archive_size_mismatch',
      detail: 'bomb/notes.txt: Does not unpack to the 100 bytes the zip declares for it',
    });
  });

  it('refuses what is no archive and no challenge.yml', async () => {
    const response = await importAs(teacher, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(response.status).toBe(415);
    expect(response.json()).toMatchObject({ code: 'not_a_lab_archive' });
  });

  it('names the manifest field that is wrong, and an unsupported version', async () => {
    const manifest = (lab: Record<string, unknown>, version = 1) =>
      JSON.stringify({
        format: 'hackclass-lab',
        version,
        exportedAt: new Date().toISOString(),
        lab,
      });
    const lab = {
      name: 'Lab',
      description: '',
      difficulty: 'Easy',
      category: 'Web',
      points: 0,
      flags: [{ value: 'x' }],
    };
    const invalid = await importAs(
      teacher,
      'lab.tar.gz',
      await tarGz([['manifest.json', manifest(lab)]]),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'lab_archive_invalid',
      errors: { 'manifest.json: lab.points': [expect.any(String)] },
    });
    const future = await importAs(
      teacher,
      'lab.tar.gz',
      await tarGz([['manifest.json', manifest({ ...lab, points: 1 }, 2)]]),
    );
    expect(future.status).toBe(400);
    expect(future.json()).toMatchObject({ code: 'lab_archive_version_unsupported' });
    const listed = await importAs(
      teacher,
      'lab.tar.gz',
      await tarGz([
        [
          'manifest.json',
          manifest({
            ...lab,
            points: 1,
            files: [{ name: 'a.txt', size: 1, sha256: 'a'.repeat(64) }],
          }),
        ],
      ]),
    );
    expect(listed.json()).toMatchObject({
      code: 'lab_archive_invalid',
      detail: expect.stringContaining('files/a.txt'),
    });
  });
});
