import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testPerson } from './support/accounts';
import { type RunningApp, startApp } from './support/app';
import { seriousViolations } from './support/axe';
import { seedCourse } from './support/course';
import { emulateScheme } from './support/pages';
import { addLabToClassroom, createLab } from './support/seed';
import { signedInPage } from './support/signed-in-page';

vi.setConfig({ testTimeout: 90_000 });

const CTFD_FIXTURES = join(import.meta.dirname, '../apps/api/test/fixtures/ctfd');

/** The CTFd challenge folders of the API's fixtures, zipped as a teacher would upload them. */
function ctfdZip(): Buffer {
  const entries: Record<string, Uint8Array> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else entries[`challenges/${relative(CTFD_FIXTURES, path)}`] = readFileSync(path);
    }
  };
  walk(CTFD_FIXTURES);
  return Buffer.from(zipSync(entries));
}

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
});

describe('labs that travel', () => {
  const teacher = testPerson('Tara Teacher', 'Teacher');
  const student = testPerson('Sam Student', 'Student');
  let room: Awaited<ReturnType<typeof seedCourse>>['classroom'];
  let labSlug: string;

  beforeAll(async () => {
    const course = await seedCourse(app, teacher, { name: 'Capture the flag club' }, student);
    room = course.classroom;
    const lab = await createLab(
      course.teacherApi,
      {
        name: 'Port scanning',
        description: 'Find the open port.',
        difficulty: 'Easy',
        category: 'Networking',
        points: 50,
        flags: [{ value: 'flag{port-31337}' }],
      },
      { 'scan.txt': 'nmap -p- target' },
    );
    await addLabToClassroom(course.teacherApi, room.id, lab.id);
    labSlug = lab.slug;
  });

  it("a teacher exports a lab, and a classroom's labs", async () => {
    const page = await signedInPage(app, teacher, { acceptDownloads: true });
    await page.goto(`${app.server.url}/hacking-labs/${labSlug}`);
    await page.getByRole('heading', { name: 'Port scanning', level: 1 }).waitFor();
    const labDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const labArchive = await labDownload;
    expect(labArchive.suggestedFilename()).toBe(`${labSlug}.hackclass.tar.gz`);
    expect([...(await readFile(await labArchive.path())).subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    await page.goto(`${app.server.url}/classrooms/${room.id}/hacking-labs`);
    const setDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export labs' }).click();
    expect((await setDownload).suggestedFilename()).toBe(
      'capture-the-flag-club-labs.hackclass.tar.gz',
    );
  });

  it('a teacher imports CTFd challenges into a classroom, and its student sees them', async () => {
    const page = await signedInPage(app, teacher);
    await page.goto(`${app.server.url}/hacking-labs`);
    await page.getByRole('link', { name: 'Import labs' }).click();
    await page.getByRole('heading', { name: 'Import labs', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Import labs | HackClass');

    // Nothing chosen yet: the form says so rather than sending.
    await page.getByRole('button', { name: 'Review the import' }).click();
    await page.getByText('Choose a file to import').waitFor();

    // A broken challenge.yml: the problem says where.
    await page.locator('input[type=file]').setInputFiles({
      name: 'challenge.yml',
      mimeType: 'application/x-yaml',
      buffer: Buffer.from('name: Broken\nflags: [a, b\nvalue: 1\n'),
    });
    await page.getByRole('button', { name: 'Review the import' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'The import failed' });
    await failure.getByText(/challenge\.yml: YAML error at line \d+, column \d+/).waitFor();

    await page.locator('input[type=file]').setInputFiles({
      name: 'ctf-challenges.zip',
      mimeType: 'application/zip',
      buffer: ctfdZip(),
    });
    await page.getByText('ctf-challenges.zip').waitFor();
    await page.getByRole('combobox', { name: 'Add to a classroom' }).click();
    await page.getByRole('option', { name: 'Capture the flag club' }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/lab-travel-form-${scheme}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Review the import' }).click();

    // First what the import would do, with nothing created yet; then the import itself.
    await page.getByRole('heading', { name: '3 labs would be created' }).waitFor();
    await page
      .getByRole('table', { name: 'Not mapped in Radio Waves' })
      .getByText('connection_info')
      .waitFor();
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({
        path: `/tmp/shots/lab-travel-preview-${scheme}.png`,
        fullPage: true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Import 3 labs' }).click();

    await page.getByRole('heading', { name: '3 labs created' }).waitFor();
    const notMapped = page.getByRole('table', { name: 'Not mapped in Radio Waves' });
    await notMapped.getByText('connection_info').waitFor();
    await notMapped.getByText('"hardware" matches no category here: imported as Misc').waitFor();
    for (const scheme of ['light', 'dark'] as const) {
      await emulateScheme(page, scheme);
      expect(await seriousViolations(page, 'main')).toEqual([]);
      await page.screenshot({ path: `/tmp/shots/lab-travel-report-${scheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('link', { name: 'Admin Panel' }).click();
    await page.getByRole('heading', { name: 'Admin Panel', level: 1 }).waitFor();
    // CTFd's dynamic value arrives as dynamic scoring: 500 for the first solver, 100 at least.
    await page.getByText('500 down to 100 points, dynamic').waitFor();
    await page.getByText('Now that you are the admin').waitFor();

    const studentPage = await signedInPage(app, student);
    await studentPage.goto(`${app.server.url}/classrooms/${room.id}/hacking-labs`);
    const labs = studentPage.getByRole('table', { name: 'Hacking labs' });
    for (const name of ['Port scanning', 'Cookie Monster', 'Admin Panel', 'Radio Waves']) {
      await labs.getByText(name, { exact: true }).waitFor();
    }
    await labs.getByText('Cookie Monster', { exact: true }).click();
    await studentPage.getByRole('heading', { name: 'Cookie Monster', level: 1 }).waitFor();
    await studentPage.getByRole('link', { name: 'app.py' }).waitFor();
    expect(await studentPage.getByRole('button', { name: 'Export', exact: true }).count()).toBe(0);
  });
});
