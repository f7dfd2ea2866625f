import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('../apps/web/scripts/bundle-size.mjs', import.meta.url));

// The production build the browser tests run against (`npm test` builds it first).
it('keeps the initial JavaScript of the production build within 150 kB gzip', () => {
  const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
  console.log(run.stdout);
  expect(run.stderr).toBe('');
  expect(run.stdout).toMatch(/within the 150 kB budget/);
  expect(run.status).toBe(0);
});
