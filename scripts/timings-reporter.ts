// A Vitest reporter that appends one line per test file to `timings.tsv` in TEST_RESULTS_DIR:
// where the file's time went, so the run's slowest files and a regression in cost are seen the
// day they land. `scripts/run-tests.mjs` prints the slowest after the run.
import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

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
  private readonly file: string | undefined;

  constructor() {
    const folder = process.env.TEST_RESULTS_DIR;
    if (!folder) return;
    mkdirSync(folder, { recursive: true });
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
  }
}
