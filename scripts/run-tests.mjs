// Runs the whole test suite (unit, API, database and browser tests) with Vitest and ends with
// one plain summary line. The database tests run on PGlite, or on PostgreSQL when DATABASE_URL
// is set. Browser tests need Chromium; on a Debian machine where we are root it is installed.
// Tests of live lab targets need a Docker engine and a static busybox (their images are built
// from it, nothing is pulled): as root on Debian both are installed and, when no engine answers,
// a dockerd is started for the run and stopped after it; elsewhere those tests are skipped.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

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

ensureChromium();
const dockerd = await ensureEngine();

const reports = mkdtempSync(join(tmpdir(), 'hackclass-tests-'));
let children = 0;

/**
 * One Vitest run, its JSON report read back (undefined when it wrote none). With a deadline, a
 * run still going when it passes is killed, with the browser it drove, and reported as `hung`.
 */
function vitest(args, deadlineMs) {
  const report = join(reports, `report-${++children}.json`);
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    // A group of its own, so that a hung run goes with its browser.
    { stdio: 'inherit', detached: true },
  );
  const stop = (signal) => () => process.kill(-child.pid, signal);
  const forwards = ['SIGINT', 'SIGTERM'].map((signal) => [signal, stop(signal)]);
  for (const [signal, forward] of forwards) process.on(signal, forward);
  let hung = false;
  const deadline =
    deadlineMs &&
    setTimeout(() => {
      hung = true;
      stop('SIGKILL')();
    }, deadlineMs);
  return new Promise((resolve) => {
    child.once('exit', (code) => {
      clearTimeout(deadline);
      for (const [signal, forward] of forwards) process.off(signal, forward);
      resolve({
        code: code ?? 1,
        hung,
        results: !hung && existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined,
      });
    });
  });
}

// Vitest's browser mode (the component tests) can wait for ever on a test page that stopped
// answering, more so on a busy machine: they run first, alone (half a minute), with a deadline,
// and once more if they hang. A failing test is never run again.
const COMPONENT_DEADLINE_MS = 5 * 60_000;

async function componentTests() {
  for (let attempt = 1; ; attempt++) {
    const run = await vitest(['--project', 'components'], COMPONENT_DEADLINE_MS);
    if (!run.hung) return run;
    console.log(
      `The component tests' browser stopped answering for ${COMPONENT_DEADLINE_MS / 60_000} minutes` +
        (attempt === 1 ? ': running them again.' : ' again: counted as a failure.'),
    );
    if (attempt === 2) return run;
  }
}

const args = process.argv.slice(2);
const runs =
  args.length > 0
    ? [await vitest(args)]
    : [await componentTests(), await vitest(['--project', 'node', '--project', 'journeys'])];

if (dockerd) {
  dockerd.kill();
  await new Promise((resolve) => dockerd.once('exit', resolve));
}

let [passed, failed, skipped] = [0, 0, 0];
const failures = [];
for (const { results } of runs) {
  if (!results) {
    failed++;
    continue;
  }
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  for (const file of results.testResults.filter((result) => result.status === 'failed')) {
    const where = relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    // A file that fails before its tests run (a hook, an import) fails no test: it counts as one.
    if (tests.length === 0) {
      failed++;
      failures.push(`${where}: ${file.message.split('\n')[0]}`);
    }
    for (const test of tests) failures.push(`${where} > ${test.fullName}`);
  }
}
// Named again at the end, so the tail of a long run says what failed.
for (const failure of failures) console.log(`FAILED ${failure}`);
const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
console.log(
  `${database}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`,
);
process.exit(runs.every(({ code }) => code === 0) ? 0 : 1);
