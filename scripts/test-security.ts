// Runs the security layer alone: the standing suites (every route × caller, forged tokens, bad
// input) and the tests guarding each finding of the security reviews, with the usual summary.
import { spawnSync } from 'node:child_process';
import { FINDINGS, STANDING_LAYERS } from '../security/review';
import { SECOND_REVIEW_FINDINGS } from '../security/second-review';

const files = new Set([
  'security/review.test.ts',
  ...STANDING_LAYERS,
  ...[...FINDINGS, ...SECOND_REVIEW_FINDINGS].flatMap((finding) =>
    finding.tests.map((test) => test.file),
  ),
]);
const run = spawnSync(
  process.execPath,
  ['scripts/run-tests.mjs', ...files, ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(run.status ?? 1);
