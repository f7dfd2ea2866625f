import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { IsolationReport } from './types';

const run = promisify(execFile);

// Docker's bridge isolation keeps one target's network from another's, but a target still
// reaches the host itself through its bridge gateway (HackClass, PostgreSQL, anything listening
// on 0.0.0.0), and a network without NAT still forwards what its target sends: only replies
// lack a way back, which a router on this machine or the LAN may well provide. These rules
// close both, matching the bridge names of names.ts (`hci…` isolated, `hco…` outbound allowed).
// Replies to connections made to a target (its published port) stay allowed.
const NOT_REPLY = ['-m', 'conntrack', '!', '--ctstate', 'RELATED,ESTABLISHED'];
const COMMENT = ['-m', 'comment', '--comment', 'hackclass-targets'];

export function guardRules(forwardChain: string): { chain: string; rule: string[] }[] {
  return [
    // No target opens a connection to the host.
    { chain: 'INPUT', rule: ['-i', 'hc+', ...NOT_REPLY, ...COMMENT, '-j', 'DROP'] },
    // A target without outbound opens no connection anywhere.
    { chain: forwardChain, rule: ['-i', 'hci+', ...NOT_REPLY, ...COMMENT, '-j', 'DROP'] },
    // Not even a target with outbound reaches link-local addresses (cloud metadata services).
    {
      chain: forwardChain,
      rule: ['-i', 'hc+', '-d', '169.254.0.0/16', ...COMMENT, '-j', 'DROP'],
    },
  ];
}

const IPTABLES = ['/usr/sbin/iptables', '/sbin/iptables', '/usr/bin/iptables'];

/**
 * Installs the guard rules unless they are there (iptables -C first, so it is idempotent), when
 * this process may: root, iptables present. Says so when it may not.
 */
export async function installGuard(): Promise<IsolationReport> {
  if (process.getuid?.() !== 0) {
    return unguarded('HackClass does not run as root, so it cannot install them');
  }
  const iptables = IPTABLES.find((path) => existsSync(path));
  if (iptables === undefined) return unguarded('iptables is not installed here');
  try {
    const hasDockerUser = await succeeds(iptables, ['-w', '-n', '-L', 'DOCKER-USER']);
    for (const { chain, rule } of guardRules(hasDockerUser ? 'DOCKER-USER' : 'FORWARD')) {
      if (await succeeds(iptables, ['-w', '-C', chain, ...rule])) continue;
      await run(iptables, ['-w', '-I', chain, '1', ...rule]);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return unguarded(`iptables refused them (${reason})`);
  }
  return {
    guarded: true,
    message:
      'The host firewall keeps every target from the host and targets without outbound from every network.',
  };
}

export const unguarded = (reason: string): IsolationReport => ({
  guarded: false,
  message: `The host firewall rules that keep targets from the host and, without outbound, from every network are not installed: ${reason}. See the README's "Isolation" section for the rules to add.`,
});

async function succeeds(command: string, args: string[]): Promise<boolean> {
  try {
    await run(command, args);
    return true;
  } catch (error) {
    // Exit status 1 is iptables' "no such rule/chain"; anything else is a real failure.
    if ((error as { code?: unknown }).code === 1) return false;
    throw error;
  }
}

/** Whether the engine's bridge for a target is an interface of this network namespace. */
export const bridgeVisible = (bridge: string) => existsSync(`/sys/class/net/${bridge}`);
