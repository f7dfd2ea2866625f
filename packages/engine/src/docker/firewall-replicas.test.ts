import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installGuard } from './firewall';
import { OUTBOUND_CHAIN, outboundRules } from './outbound-policy';

/** Root may make a network namespace here, whose firewall tables start empty. */
const mayUseNamespaces = (() => {
  if (process.getuid?.() !== 0) return false;
  try {
    execFileSync('ip', ['netns', 'list']);
    execFileSync('iptables', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!mayUseNamespaces)(
  'host firewall guard, installed by several replicas at once',
  () => {
    const namespace = `hc-guard-${randomBytes(4).toString('hex')}`;
    const folder = mkdtempSync(join(tmpdir(), 'hackclass-guard-'));
    const iptables = join(folder, 'iptables');

    beforeAll(() => {
      execFileSync('ip', ['netns', 'add', namespace]);
      // The guard's iptables and its -restore, run in the namespace instead of on the host.
      for (const [name, real] of [
        [iptables, 'iptables'],
        [`${iptables}-restore`, 'iptables-restore'],
      ] as const) {
        writeFileSync(name, `#!/bin/sh\nexec ip netns exec ${namespace} ${real} "$@"\n`);
        chmodSync(name, 0o755);
      }
    });

    afterAll(() => {
      execFileSync('ip', ['netns', 'delete', namespace]);
      rmSync(folder, { recursive: true, force: true });
    });

    it('is in place for every one of them, its outbound chain written once whole', async () => {
      const reports = await Promise.all(Array.from({ length: 6 }, () => installGuard(iptables)));
      expect(reports.map((report) => report.guarded)).toEqual(Array(6).fill(true));
      const chain = execFileSync(iptables, ['-w', '-t', 'mangle', '-S', OUTBOUND_CHAIN], {
        encoding: 'utf8',
      });
      expect(chain.split('\n').filter((line) => line.startsWith('-A '))).toEqual(outboundRules([]));
    });
  },
);
