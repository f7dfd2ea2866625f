import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS, STANDING_LAYERS } from './review';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the security review’s findings', () => {
  it('are numbered 1 to 20, each guarded by at least one test', () => {
    expect(FINDINGS.map((finding) => finding.id)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    for (const finding of FINDINGS) expect(finding.tests.length, finding.title).toBeGreaterThan(0);
  });

  it.each(FINDINGS.flatMap((finding) => finding.tests.map((test) => [finding.id, test] as const)))(
    'finding %i is guarded by a test that still exists: %o',
    (_id, { file, title }) => {
      expect(existsSync(join(root, file)), file).toBe(true);
      expect(read(file), `${file} has no test titled “${title}”`).toContain(title);
    },
  );

  it('are each listed in SECURITY.md, as are the standing layers', () => {
    const policy = read('SECURITY.md');
    for (const finding of FINDINGS)
      expect(policy).toContain(`| ${finding.id} | ${finding.title} |`);
    for (const layer of STANDING_LAYERS) {
      expect(existsSync(join(root, layer)), layer).toBe(true);
      expect(policy).toContain(`\`${layer}\``);
    }
  });
});
