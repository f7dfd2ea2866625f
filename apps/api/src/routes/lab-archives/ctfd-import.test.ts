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
  if (!lab?.id || !lab.slug) throw new Error(`${name} was not created`);
  return { ...lab, id: lab.id, slug: lab.slug };
}

/** Imports `entries` zipped as `name`, expecting the import to go through, and its report. */
async function imported(name: string, entries: [string, string][]): Promise<LabImportReport> {
  const response = await importAs(teacher, name, zip(entries));
  expect(response.status).toBe(201);
  return response.json<LabImportReport>();
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
    const report = await imported('mixed.zip', [
      ['quiz/challenge.yml', 'name: Quiz\ntype: multiple_choice\nvalue: 10\nflags: [a]\n'],
      [
        'broken/challenge.yml',
        "name: Backrefs\nvalue: 10\nflags:\n  - {type: regex, content: '(x)\\1'}\n",
      ],
      ['fine/challenge.yml', 'name: Fine\nvalue: 10\nflags: ["flag{fine}"]\n'],
    ]);
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
    const source = 'challenge.yml';
    expect(notMapped.filter((entry) => entry.field !== 'difficulty')).toEqual([
      { lab: 'Prototype', source, field: '__proto__', reason: unknown },
      { lab: 'Prototype', source, field: 'constructor', reason: unknown },
      { lab: 'Prototype', source, field: 'toString', reason: unknown },
      {
        lab: 'Prototype',
        source,
        field: 'category',
        reason: expect.stringContaining('"constructor"'),
      },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('imports a challenge without a file it lists that the upload lacks, or skips it when asked', async () => {
    const upload = zip([
      ['a/challenge.yml', 'name: A\nvalue: 10\nflags: [x]\nfiles: [a.txt]\n'],
      ['a/a.txt', 'here'],
      ['b/challenge.yml', 'name: B\nvalue: 10\nflags: [x]\nfiles: [gone.txt, ../a/a.txt]\n'],
      ['c/challenge.yml', 'name: C\nvalue: 10\nflags: [x]\nfiles: [../../etc/passwd]\n'],
    ]);
    const leftOut = await importAs(teacher, 'missing.zip', upload);
    expect(leftOut.status).toBe(201);
    const report = leftOut.json<LabImportReport>();
    expect(report.created.map((lab) => lab.name).sort()).toEqual(['A', 'B', 'C']);
    expect(report.notMapped.filter((entry) => entry.field === 'files')).toEqual([
      {
        lab: 'B',
        source: 'b/challenge.yml',
        field: 'files',
        reason: 'gone.txt is not in the upload: imported without it',
      },
      {
        lab: 'C',
        source: 'c/challenge.yml',
        field: 'files',
        reason: '"../../etc/passwd" is not a path inside the upload: left out',
      },
    ]);
    const b = await labForArchive(server.db, created(report, 'B').id);
    expect(b.files.map((file) => file.name)).toEqual(['a.txt']);

    const before = await storedKeys();
    const form = importForm('missing.zip', upload);
    form.append('missingFiles', 'skip');
    const skipping = await teacher.session.callMultipart('POST', '/hacking-labs/import', form);
    expect(skipping.status).toBe(201);
    const skipped = skipping.json<LabImportReport>();
    expect(skipped.created.map((lab) => lab.name).sort()).toEqual(['A', 'C']);
    expect(skipped.skipped).toEqual([
      {
        name: 'B',
        source: 'b/challenge.yml',
        reason: 'It lists gone.txt, which is not in the upload',
      },
    ]);
    // A's file and C's nothing: B's found file is not kept.
    expect((await storedKeys()).length - before.length).toBe(1);
  });

  it('imports every challenge it can from a repository, and says of each other one why not', async () => {
    const report = await imported('repository.zip', [
      ['web/login/challenge.yml', 'name: Login\nvalue: 100\nflags: [a]\n'],
      ['web/broken/challenge.yml', 'name: Broken\nflags: [a, b\n'],
      ['pwn/login/challenge.yml', 'name: Login\nvalue: 200\nflags: [b]\n'],
      ['misc/nameless/challenge.yaml', 'value: 10\nflags: [c]\n'],
      ['misc/teams/challenge-1.yml', 'name: Team One\nvalue: 50\nflags: [d]\n'],
      ['misc/teams/challenge-2.yml', 'name: Team Two\nvalue: 60\nflags: [e]\n'],
    ]);
    expect(report.created.map((lab) => lab.name).sort()).toEqual(['Login', 'Team One', 'Team Two']);
    expect(report.skipped).toEqual([
      {
        name: 'misc/nameless',
        source: 'misc/nameless/challenge.yaml',
        reason: 'It has no name',
      },
      {
        name: 'web/broken',
        source: 'web/broken/challenge.yml',
        reason: expect.stringMatching(/^web\/broken\/challenge\.yml: YAML error at line \d+/),
      },
      {
        name: 'Login',
        source: 'web/login/challenge.yml',
        reason:
          'pwn/login/challenge.yml has this name too, and was imported: rename one to import both',
      },
    ]);
  });

  it('takes the files a glob or a folder names, and paths through a sibling folder', async () => {
    const report = await imported('globs.zip', [
      [
        'rev/crackme/challenge.yml',
        'name: Crackme\nvalue: 100\nflags: [a]\nfiles: ["dist/*", ./notes/, "../common/**/*.txt"]\n',
      ],
      ['rev/crackme/dist/crackme', 'binary'],
      ['rev/crackme/dist/README', 'read me'],
      ['rev/crackme/dist/deeper/skip.bin', 'not by *'],
      ['rev/crackme/notes/hint.md', 'hint'],
      ['rev/common/a.txt', 'a'],
      ['rev/common/more/b.txt', 'b'],
      ['rev/common/c.bin', 'c'],
    ]);
    const lab = await labForArchive(server.db, created(report, 'Crackme').id);
    expect(lab.files.map((file) => file.name).sort()).toEqual([
      'README',
      'a.txt',
      'b.txt',
      'crackme',
      'hint.md',
    ]);
    expect(fieldsOf(report, 'Crackme')).not.toContain('files');
  });

  it('leaves out, and says, the files past a lab’s limit rather than refusing the upload', async () => {
    const many = Array.from({ length: 12 }, (_, index): [string, string] => [
      `dump/files/part-${String(index).padStart(2, '0')}.txt`,
      `part ${index}`,
    ]);
    const report = await imported('limits.zip', [
      ['dump/challenge.yml', 'name: Dump\nvalue: 10\nflags: [a]\nfiles: ["files/*"]\n'],
      ...many,
      ['fine/challenge.yml', 'name: Fine\nvalue: 10\nflags: [b]\n'],
    ]);
    expect(report.created.map((lab) => lab.name).sort()).toEqual(['Dump', 'Fine']);
    const dump = await labForArchive(server.db, created(report, 'Dump').id);
    expect(dump.files).toHaveLength(10);
    const leftOut = report.notMapped.filter(
      (entry) => entry.lab === 'Dump' && entry.field === 'files',
    );
    expect(leftOut.map((entry) => entry.reason)).toEqual([
      'dump/files/part-10.txt is past the 10 files a lab may have: left out',
      'dump/files/part-11.txt is past the 10 files a lab may have: left out',
    ]);
  });

  it('imports a templated or missing value with its difficulty’s points, telling the teacher to check them', async () => {
    const report = await imported('templates.zip', [
      ['a/challenge.yml', 'name: Templated\nvalue: {{medium}}\nflags: [a]\n'],
      ['b/challenge.yml', 'name: Valueless\ntags: [hard]\nflags: [b]\n'],
      [
        'c/challenge.yml',
        'name: Decaying\ntype: dynamic\nextra:\n  initial: {{ points.insane }}\n  minimum: 50\n  decay: 10\nflags: [c]\n',
      ],
      ['d/challenge.yml', 'name: Plain\nflags: [d]\n'],
    ]);
    const labOf = async (name: string) =>
      (await labForArchive(server.db, created(report, name).id)).lab;
    expect(await labOf('Templated')).toMatchObject({ points: 200, difficulty: 'Medium' });
    expect(await labOf('Valueless')).toMatchObject({ points: 300, difficulty: 'Hard' });
    expect(await labOf('Decaying')).toMatchObject({ points: 500, difficulty: 'Insane' });
    expect(await labOf('Plain')).toMatchObject({ points: 200, difficulty: 'Medium' });
    const about = (lab: string, field: string) =>
      report.notMapped.find((entry) => entry.lab === lab && entry.field === field)?.reason;
    expect(about('Templated', 'value')).toBe(
      '"{{medium}}" is not a number of points: imported with 200 points (Medium); check them',
    );
    expect(about('Valueless', 'value')).toBe(
      'none is given: imported with 300 points (Hard); check them',
    );
    expect(about('Decaying', 'extra.initial')).toMatch(/^"\{\{ points\.insane \}\}" is not/);
    expect(about('Plain', 'difficulty')).toBe(
      'The challenge gives no difficulty: imported as Medium',
    );
    expect(about('Templated', 'difficulty')).toBeUndefined();
  });

  it('shows a description’s HTML as Markdown, and says so', async () => {
    const response = await importAs(
      teacher,
      'challenge.yml',
      'name: Html\nvalue: 10\nflags: [a]\ndescription: "<p>Connect with <code>nc host 9001</code><br><b>Good luck</b></p>"\n',
    );
    expect(response.status).toBe(201);
    const report = response.json<LabImportReport>();
    const { lab } = await labForArchive(server.db, created(report, 'Html').id);
    expect(lab.description).toBe('Connect with `nc host 9001`\\\n**Good luck**');
    expect(fieldsOf(report, 'Html')).toContain('description');
  });

  it('takes from a repository past 1 000 entries only what its challenges need', async () => {
    const junk = (folder: string, count: number) =>
      Array.from({ length: count }, (_, index): [string, string] => [
        `ctf-main/${folder}/${index}.js`,
        'module.exports = 1;',
      ]);
    const upload = zip([
      ['ctf-main/web/shop/challenge.yml', 'name: Shop\nvalue: 10\nflags: [a]\nfiles: [dist/*]\n'],
      ['ctf-main/web/shop/dist/shop.zip', 'zip'],
      ['ctf-main/pwn/stack/challenge.yml', 'name: Stack\nvalue: 10\nflags: [b]\nfiles: [stack]\n'],
      ['ctf-main/pwn/stack/stack', 'elf'],
      ...junk('web/shop/node_modules/left-pad', 700),
      ...junk('.git/objects', 700),
      ...junk('web/shop/node_modules/x/challenge.yml-like', 1),
    ]);
    const response = await importAs(teacher, 'repository.zip', upload);
    expect(response.status).toBe(201);
    const report = response.json<LabImportReport>();
    expect(report.created.map((lab) => lab.name).sort()).toEqual(['Shop', 'Stack']);
    expect(report.skipped).toEqual([]);
    const shop = await labForArchive(server.db, created(report, 'Shop').id);
    expect(shop.files.map((file) => file.name)).toEqual(['shop.zip']);
  });

  it('refuses a choice for missing files it does not know', async () => {
    const form = importForm('challenge.yml', 'name: A\nvalue: 10\nflags: [x]\n');
    form.append('missingFiles', 'ignore');
    const response = await teacher.session.callMultipart('POST', '/hacking-labs/import', form);
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: { missingFiles: ['Either leave-out or skip'] },
    });
  });
});

describe('all or nothing', () => {
  it.each([
    ['an import', false],
    ['a dry run', true],
  ])('refuses %s going past the quota, creating no lab and keeping no file', async (_, dryRun) => {
    const tight = await startApiServer({ quotas: { labs: 2 } });
    try {
      const owner = await signedInAs(tight, 'teacher');
      const form = importForm('challenges.zip', zip(fixtures()));
      form.append('dryRun', String(dryRun));
      const response = await owner.session.callMultipart('POST', '/hacking-labs/import', form);
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

describe('a dry run', () => {
  const dryRunForm = (name: string, bytes: Buffer, classroomId?: string) => {
    const form = importForm(name, bytes, classroomId);
    form.append('dryRun', 'true');
    return form;
  };

  it('answers the import’s report and creates, stores and tells nothing', async () => {
    const course = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const labsBefore = await server.db.select({ id: labs.id }).from(labs);
    const filesBefore = await storedKeys();
    const noticesBefore = await server.db.select().from(notifications);
    const upload = zip(fixtures());
    const dry = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs/import',
      dryRunForm('challenges.zip', upload, course.id),
    );
    expect(dry.status).toBe(200);
    const preview = dry.json<LabImportReport>();
    expect(preview.dryRun).toBe(true);
    expect(preview.created.map((lab) => lab.name).sort()).toEqual([
      'Admin Panel',
      'Cookie Monster',
      'Radio Waves',
    ]);
    for (const lab of preview.created) expect(lab).toEqual({ name: lab.name });
    expect(await server.db.select({ id: labs.id }).from(labs)).toEqual(labsBefore);
    expect(await storedKeys()).toEqual(filesBefore);
    expect(await server.db.select().from(notifications)).toEqual(noticesBefore);

    const real = await importAs(teacher, 'challenges.zip', upload, course.id);
    expect(real.status).toBe(201);
    const report = real.json<LabImportReport>();
    expect(report.dryRun).toBe(false);
    expect(report.created.map((lab) => lab.name).sort()).toEqual(
      preview.created.map((lab) => lab.name).sort(),
    );
    expect(report.skipped).toEqual(preview.skipped);
    expect(report.notMapped).toEqual(preview.notMapped);
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
