import type { IsolationReport } from '../types';
import { bridgeVisible, installGuard, unguarded } from './firewall';

const OFF = 'the driver was told to leave them to the operator';

/**
 * The host firewall guard of one driver: checked (and installed where missing) at every start
 * and every sweep, since a firewall reload may drop the rules, one check at a time so two
 * starts never insert the same rule twice.
 */
export function firewallGuard(
  mode: 'auto' | 'off',
  anyBridge: () => Promise<string | undefined>,
  { iptables, outboundAllowed }: { iptables?: string | undefined; outboundAllowed?: string[] } = {},
) {
  let queue: Promise<IsolationReport | undefined> = Promise.resolve(undefined);
  let latest: IsolationReport | undefined;

  const check = async (bridge: string | undefined): Promise<IsolationReport> => {
    if (mode === 'off') return unguarded(OFF, true);
    if (bridge !== undefined && !bridgeVisible(bridge)) {
      return unguarded(
        "the engine's network interfaces are not visible from here (HackClass runs in another network namespace or uses a remote engine)",
      );
    }
    return installGuard(iptables, outboundAllowed);
  };

  const run = (bridge: string | undefined): Promise<IsolationReport> => {
    const next = queue.then(() => check(bridge));
    queue = next;
    return next.then((report) => {
      latest = report;
      return report;
    });
  };

  return {
    /** Before a target starts on `bridge`, a host interface once its network exists. */
    ensure: (bridge: string) => run(bridge),
    /** A check now, on one of the engine's bridges if any (the janitor's, every sweep). */
    refresh: async () => run(await anyBridge()),
    /** The last check's report; before any start, a check on one of the engine's bridges. */
    report: async (): Promise<IsolationReport> => latest ?? run(await anyBridge()),
  };
}
