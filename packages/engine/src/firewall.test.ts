import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { guardRules } from './firewall';

describe('host firewall guard', () => {
  it('is documented rule for rule in the README, for operators to copy', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const documented = readme.split('\n').filter((line) => line.startsWith('iptables -I '));
    const installed = guardRules('DOCKER-USER').map(
      ({ chain, rule }) => `iptables -I ${chain} 1 ${rule.join(' ')}`,
    );
    expect(documented).toEqual(installed);
  });
});
