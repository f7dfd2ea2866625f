import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { IsolationReport } from '../types';
import { OUTBOUND_CHAIN, outboundRules } from './outbound-policy';

const run = promisify(execFile);

// Docker's bridge isolation keeps one target's network from another's, but a target still
// reaches the host itself through its bridge gateway (HackClass, PostgreSQL, anything listening
// on 0.0.0.0), and a network without NAT still forwards what its target sends: only replies
// lack a way back, which a router on this machine or the LAN may well provide. These rules
// close both, matching the bridge names of names.ts (`hci…` isolated, `hco…` outbound allowed).
// Replies to connections made to a target (its published port) stay allowed.
//
// The forwarding rules live in the mangle table's FORWARD chain, which the engine leaves alone:
// around every network it creates, the engine takes its own jumps out of the filter table's
// FORWARD chain (DOCKER-USER and its isolation chains among them) and puts them back, and
// packets sent in that moment met none of them. The same moment let a target reach another's,
// which the last rule forbids whatever the engine's chains say.
const NOT_REPLY = ['-m', 'conntrack', '!', '--ctstate', 'RELATED,ESTABLISHED'];
const COMMENT = ['-m', 'comment', '--comment', 'hackclass-targets'];

export interface GuardRule {
  table: 'filter' | 'mangle';
  chain: 'INPUT' | 'FORWARD';
  rule: string[];
}

export const guardRules: GuardRule[] = [
  // No target opens a connection to the host.
  { table: 'filter', chain: 'INPUT', rule: ['-i', 'hc+', ...NOT_REPLY, ...COMMENT, '-j', 'DROP'] },
  // A target without outbound opens no connection anywhere.
  {
    table: 'mangle',
    chain: 'FORWARD',
    rule: ['-i', 'hci+', ...NOT_REPLY, ...COMMENT, '-j', 'DROP'],
  },
  // Not even a target with outbound reaches link-local addresses (cloud metadata services).
  {
    table: 'mangle',
    chain: 'FORWARD',
    rule: ['-i', 'hc+', '-d', '169.254.0.0/16', ...COMMENT, '-j', 'DROP'],
  },
  // No target reaches another.
  {
    table: 'mangle',
    chain: 'FORWARD',
    rule: ['-i', 'hc+', '-o', 'hc+', ...COMMENT, '-j', 'DROP'],
  },
  // A target with outbound reaches the Internet, not the school's or the host's networks.
  {
    table: 'mangle',
    chain: 'FORWARD',
    rule: ['-i', 'hco+', ...NOT_REPLY, ...COMMENT, '-j', OUTBOUND_CHAIN],
  },
  // Inserted last, so met first: a target and its owner's attack box, which joins the target's
  // network, reach each other. Such traffic stays on one bridge (the engine's br_netfilter shows
  // it here too); every rule above is about traffic leaving a bridge.
  {
    table: 'mangle',
    chain: 'FORWARD',
    rule: ['-i', 'hc+', '-m', 'physdev', '--physdev-is-bridged', ...COMMENT, '-j', 'ACCEPT'],
  },
];

/** A rule as an operator types it. */
export const guardCommand = ({ table, chain, rule }: GuardRule): string =>
  ['iptables', ...(table === 'filter' ? [] : ['-t', table]), '-I', chain, '1', ...rule].join(' ');

const IPTABLES = ['/usr/sbin/iptables', '/sbin/iptables', '/usr/bin/iptables'];

/**
 * Installs the guard rules unless they are there (iptables -C first, so it is idempotent), when
 * this process may: root, iptables present. Says so when it may not. `command` is the iptables
 * to use: the first of the usual paths unless given (iptables-legacy where the engine uses it).
 */
export async function installGuard(
  command?: string,
  outboundAllowed: string[] = [],
): Promise<IsolationReport> {
  if (process.getuid?.() !== 0) {
    return unguarded('HackClass does not run as root, so it cannot install them');
  }
  const iptables = command ?? IPTABLES.find((path) => existsSync(path));
  if (iptables === undefined) return unguarded('iptables is not installed here');
  try {
    await syncOutboundChain(iptables, outboundRules(outboundAllowed));
    for (const { table, chain, rule } of guardRules) {
      if (await succeeds(iptables, ['-w', '-t', table, '-C', chain, ...rule])) continue;
      await run(iptables, ['-w', '-t', table, '-I', chain, '1', ...rule]);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return unguarded(`iptables refused them (${reason})`);
  }
  return {
    guarded: true,
    leftToOperator: false,
    message:
      'The host firewall keeps every target from the host and targets without outbound from every network.',
  };
}

export const unguarded = (reason: string, leftToOperator = false): IsolationReport => ({
  guarded: false,
  leftToOperator,
  message: `The host firewall rules that keep targets from the host and, without outbound, from every network are not installed: ${reason}. See the README's "Isolation" section for the rules to add.`,
});

/**
 * Makes the outbound chain hold exactly `rules` (every replica computes the same ones from the
 * same settings and interfaces): created if missing, rewritten when it differs. The rewrite is
 * one iptables-restore, which commits the table at once: replicas checking together never meet
 * a half-written chain, nor refuse to make one another replica has just made.
 */
async function syncOutboundChain(iptables: string, rules: string[]): Promise<void> {
  const listed = await run(iptables, ['-w', '-t', 'mangle', '-S', OUTBOUND_CHAIN]).then(
    ({ stdout }) => stdout.split('\n').filter((line) => line.startsWith('-A ')),
    () => undefined,
  );
  if (listed?.join('\n') === rules.join('\n')) return;
  // With --noflush, the chain named in the header is made, or emptied if it is there.
  const restoring = run(`${iptables}-restore`, ['-w', '--noflush']);
  restoring.child.stdin?.end(
    ['*mangle', `:${OUTBOUND_CHAIN} - [0:0]`, ...rules, 'COMMIT', ''].join('\n'),
  );
  await restoring;
}

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
