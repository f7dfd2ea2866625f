import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guardCommand, guardRules } from './firewall';

describe('host firewall guard', () => {
  it('is documented rule for rule in the README, for operators to copy', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const documented = readme.split('\n').filter((line) => /^iptables (-t \w+ )?-I /.test(line));
    expect(documented).toEqual(guardRules.map(guardCommand));
  });
});
