import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));

// The production build the browser tests run against (`npm test` builds it first).
it('preloads the modules of the pages people land on, each a file of the build', () => {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const map = /\(\)=>\{for\(const href of (\{.*?\})\[location\.pathname\]/.exec(html)?.[1];
  expect(map).toBeDefined();
  const preloads = JSON.parse(map ?? '{}') as Record<string, string[]>;
  // Home and login are prerendered pages of their own, which ask for their modules themselves.
  expect(Object.keys(preloads)).toEqual(['/dashboard']);
  for (const [path, files] of Object.entries(preloads)) {
    expect(files.length, path).toBeGreaterThan(0);
    for (const file of files) expect(existsSync(join(dist, file)), file).toBe(true);
  }
  expect(preloads['/dashboard']?.some((file) => /\/dashboard-[\w-]+\.js$/.test(file))).toBe(true);
});
