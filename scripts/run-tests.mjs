// Runs the whole test suite (unit, API, database and browser tests) with Vitest and ends with
// one plain summary line. The database tests run on PGlite, or on PostgreSQL when DATABASE_URL
// is set. Browser tests need Chromium; on a Debian machine where we are root it is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(chromium)) return;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `Browser tests need Chromium at ${chromium}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

ensureChromium();

const report = join(mkdtempSync(join(tmpdir(), 'hackclass-tests-')), 'report.json');
const run = spawnSync(
  process.execPath,
  [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);

const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
if (!existsSync(report)) {
  console.log(`${database}: 0 passed, 1 failed`);
  process.exit(run.status || 1);
}
const { numPassedTests, numFailedTests, numPendingTests, numTodoTests } = JSON.parse(
  readFileSync(report, 'utf8'),
);
const skipped = numPendingTests + numTodoTests;
console.log(
  `${database}: ${numPassedTests} passed, ${numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(run.status ?? 1);
