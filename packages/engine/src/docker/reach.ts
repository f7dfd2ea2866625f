import type { TargetLaunch, TargetReach } from '../types';

/** Where TCP targets are exposed to students, when the operator opts in (LAB_TCP_BIND_ADDRESS). */
export interface TcpExposure {
  /** The host address their ports are published on, for anyone who reaches it. */
  address: string;
  /** The host name students connect to. */
  publicHost: string;
}

/**
 * The host address a target's port is published on: where only HackClass reaches it, unless
 * the operator exposes TCP targets on an address of their own.
 */
export const publishedAddress = (
  kind: TargetLaunch['kind'],
  bindAddress: string,
  exposure: TcpExposure | undefined,
) => (kind === 'tcp' && exposure ? exposure.address : bindAddress);

/** A port published on every address (0.0.0.0 or ::) is reached on loopback. */
const connectable = (address: string) =>
  address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;

/** Where a target published on the host is reached: its host port, from HackClass and students. */
export function reachOf(
  { kind, hostPort }: Pick<TargetLaunch, 'kind' | 'hostPort'>,
  bindAddress: string,
  exposure: TcpExposure | undefined,
): TargetReach {
  const published = publishedAddress(kind, bindAddress, exposure);
  return {
    internal: { host: connectable(published), port: hostPort },
    exposed: kind === 'tcp' && exposure ? { host: exposure.publicHost, port: hostPort } : undefined,
  };
}
