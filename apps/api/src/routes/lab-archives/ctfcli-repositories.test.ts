import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LabImportReport } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { filesUnder, importForm, zip } from '../../../test/support/archives';
import { labForArchive } from '../../lab-archives/archived-lab';

// Repositories of ctfcli challenge folders as teachers and clubs have them, each a fixture
// keeping a public repository's shape (its folders, file names, fields and faults) with text of
// its own: test/fixtures/ctfcli-repositories/README.md names the repositories and their quirks.
const REPOSITORIES = join(import.meta.dirname, '../../../test/fixtures/ctfcli-repositories');

let server: ApiServer;
let teacher: Person;

beforeAll(async () => {
  server = await startApiServer();
  teacher = await signedInAs(server, 'teacher');
});
afterAll(() => server.close());

/** The repository as GitHub's "Download ZIP" gives it: every file under `<name>-main/`. */
async function importRepository(name: string): Promise<LabImportReport> {
  const entries = [...filesUnder(join(REPOSITORIES, name))].map(
    ([path, bytes]) => [`${name}-main/${path}`, bytes] as [string, Buffer],
  );
  const response = await teacher.session.callMultipart(
    'POST',
    '/hacking-labs/import',
    importForm(`${name}-main.zip`, zip(entries)),
  );
  expect(response.status).toBe(201);
  return response.json<LabImportReport>();
}

/** What each repository imports as, and what it skips, by the file it comes from. */
const expected: Record<string, { created: string[]; skipped: string[] }> = {
  '_synthetic-globs': { created: ['Synthetic Glob One', 'Synthetic Glob Two'], skipped: [] },
  'adventofctf-2020': { created: ['0', '1', '2'], skipped: [] },
  'alphactf-2k24': {
    created: ['Fixture Imposter', 'fixture card', 'fixture-http'],
    skipped: ['misc/card_trick/challenge.yml'],
  },
  'csictf-2020': {
    created: ['Fixture Climb', 'Fixture Kampf', 'Fixture Smash', 'Fixture Vietnam'],
    skipped: ['challenge-example.yml', 'challenge-waves.yml'],
  },
  cybersword: {
    created: ['FIXTURE SELECT', 'Fixture Functions', 'Fixture Hidden HTML', 'Hello, World!'],
    skipped: ['services/judge0-wrapper/challenges.yml'],
  },
  'heroctf-v6-2024': {
    created: [
      'Fixture Feedback (Revenge)',
      'Fixture Paranoia',
      'Fixture Transformers #1',
      'Fixture Transformers #2',
    ],
    skipped: [],
  },
  'ingeneer-2k25': {
    created: ['Fixture Collision', 'Fixture Lumos', 'Fixture Trace', 'The Fixture’s Wall', 'name'],
    skipped: ['sample/challenge.yml'],
  },
  'nanolog-ctf-2026': { created: ['Fixture Memory One', 'Fixture Memory Two'], skipped: [] },
  'ptr-ctf-2026': {
    created: ['Fixture Hidden', 'Fixture TTP'],
    skipped: ['pwn/loop/challenge.yml'],
  },
  'sieberrsec-sctf6-2025': { created: ['Fixture Math', 'Welcome', 'whisper'], skipped: [] },
  'sni-ctf-2024': { created: ['Fixture Calculator', 'FixtureWeb'], skipped: [] },
  'tcp1p-2023': {
    created: ['Fixture PDFIFY', 'Fixture VIP'],
    skipped: [
      'Forensic/Hacked/challenge.yml',
      'Misc/Landbox/challenge.yml',
      'Blockchain/VIP/Deployer/challenge.yml',
    ],
  },
  'texsaw-2026': {
    created: ['Fixture Bassing'],
    skipped: [
      'forensics/A Fixture Side Channel/challenge.yml',
      'forensics/Fixture Parse/challenge.yml',
      'forensics/layers/challenge.yml',
    ],
  },
  'uiuctf-2025': {
    created: ['Fixture Bootkit', 'Fixture Discord', 'Fixture Launch', 'fixture-clippy'],
    skipped: [
      'challenges/misc/ai-clippy/challenge.secret.example.yaml',
      'challenges/misc/ai-clippy/challenge.secret.yaml',
      'challenges/misc/ai-clippy/challenge.yaml',
      'challenges/pwn/bootkit/challenge.yaml',
      'kctf/challenge-templates/pwn/challenge.yaml',
    ],
  },
  'workshop-2025': {
    created: ['Fixture Overflow 101', 'Fixture Picture', 'Fixture Tool Download'],
    skipped: [],
  },
};

describe('real repositories of ctfcli challenges', () => {
  it('are all among the fixtures tested', () => {
    const fixtures = readdirSync(REPOSITORIES).filter((name) => !name.endsWith('.md'));
    expect(fixtures.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))(
    '%s imports every challenge it can and says of each other file why not',
    async (name, { created, skipped }) => {
      const report = await importRepository(name);
      expect(report.created.map((lab) => lab.name).sort()).toEqual(created);
      expect(report.skipped.map((lab) => lab.source)).toEqual(
        skipped.map((path) => `${name}-main/${path}`),
      );
      for (const lab of report.skipped) expect(lab.reason).not.toBe('');
    },
  );

  it('take files by glob, from a sibling folder, from the repository’s top and from a folder', async () => {
    const filesOf = async (repository: string, lab: string) => {
      const report = await importRepository(repository);
      const id = report.created.find((candidate) => candidate.name === lab)?.id ?? '';
      return (await labForArchive(server.db, id)).files.map((file) => file.name).sort();
    };
    expect(await filesOf('_synthetic-globs', 'Synthetic Glob One')).toEqual([
      'a.txt',
      'b.txt',
      'handout.zip',
    ]);
    expect(await filesOf('_synthetic-globs', 'Synthetic Glob Two')).toEqual([
      'common.txt',
      'deep.txt',
      'x.bin',
    ]);
    expect(await filesOf('csictf-2020', 'Fixture Climb')).toEqual(['climb.java', 'climb.txt']);
    expect(await filesOf('sni-ctf-2024', 'FixtureWeb')).toEqual(['app.php', 'routes.php']);
  });

  it('report what they could not bring, each under the challenge’s own field', async () => {
    const report = await importRepository('nanolog-ctf-2026');
    expect(report.notMapped).toContainEqual({
      lab: 'Fixture Memory One',
      source: 'nanolog-ctf-2026-main/challenge-1.yml',
      field: 'files',
      reason: 'fixture-memories.zip is not in the upload: imported without it',
    });
    const ingeneer = await importRepository('ingeneer-2k25');
    expect(ingeneer.notMapped).toContainEqual(
      expect.objectContaining({
        lab: 'Fixture Collision',
        field: 'value',
        reason: '"{{easy}}" is not a number of points: imported with 100 points (Easy); check them',
      }),
    );
    const alpha = await importRepository('alphactf-2k24');
    expect(alpha.notMapped).toContainEqual(
      expect.objectContaining({ lab: 'fixture-http', field: 'extra.decay' }),
    );
    const ptr = await importRepository('ptr-ctf-2026');
    expect(ptr.notMapped).toContainEqual(
      expect.objectContaining({ lab: 'Fixture TTP', field: 'logic' }),
    );
  });
});
