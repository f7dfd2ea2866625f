// A Vitest reporter that appends one line per test file to `timings.tsv` in TEST_RESULTS_DIR:
// where the file's time went, so the run's slowest files and a regression in cost are seen the
// day they land. It also writes the run's errors outside any test to `unhandled-errors.txt`.
// `scripts/run-tests.mjs` prints both after the run, so the tail of a long log names them.
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const TIMINGS_HEADER = [
  'project',
  'file',
  'total_ms',
  'import_ms',
  'hooks_ms',
  'tests_ms',
  'tests',
  'state',
];

export default class TimingsReporter implements Reporter {
  private readonly folder: string | undefined;
  private readonly file: string | undefined;

  constructor() {
    const folder = process.env.TEST_RESULTS_DIR;
    if (!folder) return;
    mkdirSync(folder, { recursive: true });
    this.folder = folder;
    this.file = join(folder, 'timings.tsv');
    if (!existsSync(this.file)) writeFileSync(this.file, `${TIMINGS_HEADER.join('\t')}\n`);
  }

  onTestModuleEnd(testModule: TestModule): void {
    if (!this.file) return;
    const diagnostic = testModule.diagnostic();
    const tests = [...testModule.children.allTests()];
    const testsMs = tests.reduce((sum, test) => sum + (test.diagnostic()?.duration ?? 0), 0);
    // The module's duration holds its tests and its hooks (beforeAll: servers, databases).
    const hooksMs = Math.max(0, diagnostic.duration - testsMs);
    const importMs = diagnostic.collectDuration + diagnostic.setupDuration;
    const totalMs =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      importMs +
      diagnostic.duration;
    const row = [
      testModule.project.name,
      testModule.relativeModuleId,
      totalMs,
      importMs,
      hooksMs,
      testsMs,
      tests.length,
      testModule.state(),
    ].map((value) => (typeof value === 'number' ? String(Math.round(value)) : value));
    appendFileSync(this.file, `${row.join('\t')}\n`);
    for (const test of tests.filter((test) => test.diagnostic()?.flaky)) {
      const firstError = test.result().errors?.[0];
      appendFileSync(
        join(this.folder as string, 'flaky.txt'),
        `${testModule.relativeModuleId} > ${test.fullName}\n${firstError ? whyFailed(firstError) : ''}\n`,
      );
    }
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<SerializedError>): void {
    if (!this.folder || errors.length === 0) return;
    writeFileSync(join(this.folder, 'unhandled-errors.txt'), errors.map(describeError).join('\n'));
  }
}

/** A test's error as its first lines, indented: what it said and where, without the runner's frames. */
function whyFailed(error: SerializedError): string {
  // The stack starts with the name and message.
  return (error.stack ?? `${error.name ?? 'Error'}: ${error.message}`)
    .split('\n')
    .filter((line) => line.trim() !== '' && !/node_modules|<anonymous>/.test(line))
    .slice(0, 6)
    .map((line) => `    ${line}`)
    .join('\n');
}

/** An error outside any test as a few lines: where it came from, what it said, its stack's top. */
function describeError(error: SerializedError): string {
  const from = typeof error.VITEST_TEST_PATH === 'string' ? error.VITEST_TEST_PATH : undefined;
  const during =
    typeof error.VITEST_TEST_NAME === 'string' ? ` during "${error.VITEST_TEST_NAME}"` : '';
  const stack = (error.stack ?? '').split('\n').slice(1, 9).join('\n');
  return [
    `${error.name ?? 'Error'}: ${error.message}`,
    from ? `  from ${relative(process.cwd(), from)}${during}` : '  from no test file',
    stack,
  ].join('\n');
}
