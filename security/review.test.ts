import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FINDINGS, STANDING_LAYERS } from './review';
import { SECOND_REVIEW_FINDINGS } from './second-review';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const everyFinding = [...FINDINGS, ...SECOND_REVIEW_FINDINGS];

describe('the security reviews’ findings', () => {
  it('are numbered 1 to 20 in the first review, each guarded by at least one test', () => {
    expect(FINDINGS.map((finding) => finding.id)).toEqual(
      Array.from({ length: 20 }, (_, index) => index + 1),
    );
    for (const finding of everyFinding) {
      expect(finding.tests.length, String(finding.id)).toBeGreaterThan(0);
    }
  });

  it('are numbered N-1 to N-18 in the second review, in order, each once', () => {
    const numbers = SECOND_REVIEW_FINDINGS.map(({ id }) => Number(String(id).slice(2)));
    for (const { id } of SECOND_REVIEW_FINDINGS) expect(String(id)).toMatch(/^N-([1-9]|1[0-8])$/);
    expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
  });

  it.each(
    everyFinding.flatMap((finding) => finding.tests.map((test) => [finding.id, test] as const)),
  )('finding %s is guarded by a test that still exists: %o', (_id, { file, title }) => {
    expect(existsSync(join(root, file)), file).toBe(true);
    expect(read(file), `${file} has no test titled “${title}”`).toContain(title);
  });

  it('are each listed in SECURITY.md, as are the standing layers', () => {
    const policy = read('SECURITY.md');
    for (const finding of everyFinding) {
      expect(policy).toContain(`| ${finding.id} | ${finding.title} |`);
    }
    for (const layer of STANDING_LAYERS) {
      expect(existsSync(join(root, layer)), layer).toBe(true);
      expect(policy).toContain(`\`${layer}\``);
    }
  });
});
