import type Docker from 'dockerode';
import { EngineError } from '../errors';
import { engineMessage } from './engine-errors';
import { freeSubnets } from './subnets';

const ATTEMPTS = 5;

export const noAddressRange = (cause?: unknown) =>
  new EngineError(
    'start_failed',
    'The server has no network address range left for another target; try again later.',
    { cause },
  );

/**
 * Creates the target's network: on a subnet of `pool` when one is given (a start at the same
 * moment may take the same block first, so a few are tried), else on the engine's defaults.
 */
export async function createTargetNetwork(
  docker: Docker,
  spec: Docker.NetworkCreateOptions,
  pool: string | undefined,
): Promise<Docker.Network> {
  if (pool === undefined) {
    try {
      return await docker.createNetwork(spec);
    } catch (error) {
      const exhausted = /non-overlapping IPv4 address pool|fully subnetted/i;
      throw exhausted.test(engineMessage(error)) ? noAddressRange(error) : error;
    }
  }
  const networks = await docker.listNetworks();
  const used = networks.flatMap((network) =>
    (network.IPAM?.Config ?? []).map((config) => config.Subnet ?? ''),
  );
  const candidates = freeSubnets(pool, used).slice(0, ATTEMPTS);
  for (const [attempt, subnet] of candidates.entries()) {
    try {
      return await docker.createNetwork({
        ...spec,
        IPAM: { Driver: 'default', Config: [{ Subnet: subnet }] },
      });
    } catch (error) {
      const lost = /overlaps/i.test(engineMessage(error));
      if (!lost || attempt === candidates.length - 1) throw lost ? noAddressRange(error) : error;
    }
  }
  throw noAddressRange();
}
