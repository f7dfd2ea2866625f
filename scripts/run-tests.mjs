// Runs the whole test suite (unit, API, database and browser tests) with Vitest and ends with
// one plain summary line; `--quick` runs the component, unit and API tests alone (no browser
// journeys, no engine, no server processes), for the inner loop of a change; `--database-only`
// runs only the test files whose imports reach the database package, for a second run on another
// database (the rest would repeat what they did). Other arguments go to Vitest as they are. The
// run's reports, and `timings.tsv` with where each file's time went, are kept in
// TEST_RESULTS_DIR (`test-results`), and the slowest files are printed at the end.
// The database tests run on PGlite, or on PostgreSQL when DATABASE_URL is set. Browser tests
// need Chromium; on a Debian machine where we are root it is installed.
// Tests of live lab targets need a Docker engine, a static busybox (their images are built from
// it, nothing is pulled from outside) and Debian's image registry (pulls are tested from one on
// loopback): as root on Debian they are installed and, when no engine answers, a dockerd is
// started for the run and stopped after it; elsewhere those tests are skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
let aptUpdated = false;

function aptInstall(...packages) {
  const steps = aptUpdated ? [] : [['update', '-qq']];
  aptUpdated = true;
  for (const args of [...steps, ['install', '-y', '-qq', ...packages]]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: aptEnv });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

function ensureChromium() {
  if (existsSync(chromium)) return;
  if (!canInstall) {
    console.error(
      `Browser tests need Chromium at ${chromium}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests…');
  aptInstall('chromium');
}

const engineAnswers = () => spawnSync('docker', ['info'], { stdio: 'ignore' }).status === 0;
const debInstalled = (name) =>
  spawnSync('dpkg', ['-s', name], { encoding: 'utf8' }).stdout?.includes(
    'Status: install ok installed',
  );

/** Returns the dockerd this run started, if it had to start one. */
async function ensureEngine() {
  if (!canInstall) {
    if (!engineAnswers()) {
      console.log('No Docker engine answers: the tests of live lab targets are skipped.');
    }
    return undefined;
  }
  const missing = [];
  if (!debInstalled('busybox-static')) missing.push('busybox-static');
  if (!debInstalled('docker-registry')) missing.push('docker-registry');
  const answers = engineAnswers();
  if (!answers && spawnSync('sh', ['-c', 'command -v dockerd'], { stdio: 'ignore' }).status !== 0) {
    missing.push('docker.io');
  }
  if (missing.length > 0) {
    console.log(`Installing ${missing.join(' and ')} for the tests of live lab targets…`);
    aptInstall(...missing);
  }
  if (answers) return undefined;
  const log = join(mkdtempSync(join(tmpdir(), 'hackclass-dockerd-')), 'dockerd.log');
  const dockerd = spawn('dockerd', [], {
    stdio: ['ignore', openSync(log, 'a'), openSync(log, 'a')],
  });
  for (let second = 0; second < 60 && dockerd.exitCode === null; second++) {
    if (engineAnswers()) return dockerd;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(
    `dockerd did not start (its log: ${log}): the tests of live lab targets are skipped.`,
  );
  dockerd.kill();
  return undefined;
}

const args = process.argv.slice(2);
const quick = args[0] === '--quick';
const databaseOnly = args[0] === '--database-only';

// The quick run asks an engine that is not there, so the tests of live targets skip themselves
// as they do on a machine without one.
const env = quick
  ? { ...process.env, DOCKER_HOST: 'unix:///nonexistent/docker.sock' }
  : process.env;
/** What a test must import, directly or not, to touch a database. */
const databaseEntries = ['packages/db/src/index.ts', 'packages/db/testing/index.ts'];
const vitestArgs = quick
  ? ['run', '--project', 'components', '--project', 'node', ...args.slice(1)]
  : databaseOnly
    ? ['related', ...databaseEntries, '--run', ...args.slice(1)]
    : ['run', ...args];

ensureChromium();
const dockerd = quick ? undefined : await ensureEngine();

const results = resolve(process.env.TEST_RESULTS_DIR ?? 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const report = join(results, 'report.json');
const timings = join(results, 'timings.tsv');

/**
 * Runs Vitest's `command` (`run`, `related`) with its arguments, its JSON report in `reportFile`;
 * answers its exit code.
 */
async function vitest(
  [command, ...extra],
  reportFile,
  reporters = ['--reporter=./scripts/timings-reporter.ts'],
) {
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      command,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
      ...reporters,
      ...extra,
    ],
    { stdio: 'inherit', env: { ...env, TEST_RESULTS_DIR: results } },
  );
  const forwards = ['SIGINT', 'SIGTERM'].map((signal) => [signal, () => child.kill(signal)]);
  for (const [signal, forward] of forwards) process.on(signal, forward);
  const exitCode = await new Promise((done) => child.once('exit', (status) => done(status ?? 1)));
  for (const [signal, forward] of forwards) process.off(signal, forward);
  return exitCode;
}

const readReport = (file) =>
  existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;

let code = await vitest(vitestArgs, report);
const run = readReport(report);

// Vitest's browser mode sometimes fails to load a component test file on a cold start under load
// ("Failed to fetch dynamically imported module", vitest-dev/vitest#9509 and #11171): no test of
// the file ran. Such files, and only those, run once more (one that cannot load fails again); a
// test that ran and failed never runs again.
const unloaded = (run?.testResults ?? []).filter(
  (file) =>
    file.status === 'failed' &&
    file.name.endsWith('.test.tsx') &&
    file.assertionResults.length === 0 &&
    file.message.startsWith('Failed to import test file'),
);
if (unloaded.length > 0) {
  console.log(
    `\n${unloaded.length} browser test file(s) did not load (a known fault of Vitest's browser mode): running them once more.`,
  );
  const onlyUnloaded =
    run.numFailedTests === 0 &&
    run.testResults.filter((file) => file.status === 'failed').length === unloaded.length;
  const rerunReport = join(results, 'rerun.json');
  const rerunCode = await vitest(
    [
      'run',
      '--project',
      'components',
      ...unloaded.map((file) => relative(process.cwd(), file.name)),
    ],
    rerunReport,
    [],
  );
  const rerun = readReport(rerunReport);
  if (rerun) {
    const rerunFiles = new Map(rerun.testResults.map((file) => [file.name, file]));
    run.testResults = run.testResults.map((file) => rerunFiles.get(file.name) ?? file);
    run.numPassedTests += rerun.numPassedTests;
    run.numFailedTests += rerun.numFailedTests;
    if (onlyUnloaded) code = rerunCode;
  }
}

if (dockerd) {
  dockerd.kill();
  await new Promise((done) => dockerd.once('exit', done));
}

/** The slowest test files of the run, from the timings the reporter kept. */
function slowestFiles(count) {
  if (!existsSync(timings)) return [];
  const [header, ...lines] = readFileSync(timings, 'utf8').trim().split('\n');
  const columns = header.split('\t');
  const rows = lines.map((line) =>
    Object.fromEntries(line.split('\t').map((value, index) => [columns[index], value])),
  );
  return rows.sort((a, b) => Number(b.total_ms) - Number(a.total_ms)).slice(0, count);
}

const seconds = (ms) => `${(Number(ms) / 1000).toFixed(1)} s`.padStart(8);
const slowest = slowestFiles(20);
if (slowest.length > 0) {
  console.log(
    `\nThe ${slowest.length} slowest test files (all timings: ${relative(process.cwd(), timings)}):`,
  );
  console.log('   total   import    hooks    tests  file');
  for (const row of slowest) {
    console.log(
      `${seconds(row.total_ms)} ${seconds(row.import_ms)} ${seconds(row.hooks_ms)} ${seconds(row.tests_ms)}  ${row.file} (${row.project})`,
    );
  }
}

/**
 * The first lines of a failure's message, indented under its name: enough to say why. Stack
 * frames of the test runner and of packages say nothing of it.
 */
const firstLines = (message, count = 6) =>
  message
    .split('\n')
    .filter((line) => line.trim() !== '' && !/node_modules|<anonymous>/.test(line))
    .slice(0, count)
    .map((line) => `    ${line}`)
    .join('\n');

let [passed, failed, skipped] = [0, 0, 0];
const failures = [];
if (!run) {
  failed++;
  failures.push('Vitest wrote no report');
} else {
  passed = run.numPassedTests;
  failed = run.numFailedTests;
  skipped = run.numPendingTests + run.numTodoTests;
  for (const file of run.testResults.filter((result) => result.status === 'failed')) {
    const where = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that fails before its tests run (a hook, an import) fails no test: it counts as one.
    if (tests.length === 0) {
      failed++;
      failures.push(`${where}: ${file.message.split('\n')[0]}`);
    }
    for (const test of tests) {
      failures.push(`${where} > ${test.fullName}\n${firstLines(test.failureMessages.join('\n'))}`);
    }
  }
}
// Printed here as well as where Vitest met them, so the tail of a long log shows them.
const unhandledErrors = join(results, 'unhandled-errors.txt');
if (existsSync(unhandledErrors)) {
  console.log(`\nErrors outside any test:\n${readFileSync(unhandledErrors, 'utf8')}`);
}
// Vitest also fails a run whose tests all passed for an error outside any test (an unhandled
// rejection, a worker that died): it counts as one failure, so the summary line agrees with the
// exit code.
if (code !== 0 && failed === 0 && run) {
  failed++;
  failures.push(`Vitest exited with code ${code} though no test failed: see the errors above`);
}
// Tests that failed, then passed when run again (the journeys'), with why they failed first.
const flaky = join(results, 'flaky.txt');
if (existsSync(flaky)) {
  const lines = readFileSync(flaky, 'utf8').trimEnd().split('\n');
  console.log(lines.map((line) => (line.startsWith(' ') ? line : `FLAKY ${line}`)).join('\n'));
}
// Named again at the end, so the tail of a long run says what failed.
for (const failure of failures) console.log(`FAILED ${failure}`);
const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
console.log(
  `${database}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(code === 0 && failed === 0 ? 0 : 1);
