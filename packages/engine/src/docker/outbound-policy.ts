import { networkInterfaces } from 'node:os';

/** The mangle chain a target with outbound (`hco…` bridges) passes through on its way out. */
export const OUTBOUND_CHAIN = 'HACKCLASS-OUTBOUND';

/**
 * Where a target with outbound never goes unless the operator allows it: private networks
 * (RFC 1918), carrier-grade NAT, link-local (cloud metadata services) and this-network
 * addresses. Targets' networks are IPv4 alone, so the IPv6 ranges (ULA) never apply.
 */
export const PRIVATE_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.168.0.0/16',
];

// The engine's own bridges and the targets' are not networks of the school: the host's INPUT
// rule and the targets' own rules keep those.
const ENGINE_INTERFACE = /^(docker|br-|hc|veth|lo$)/;

/** `address/prefix` with the host bits cleared, as iptables prints it. */
export function networkOf(address: string, prefix: number): string {
  const value = address.split('.').reduce((total, part) => ((total << 8) | Number(part)) >>> 0, 0);
  const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
  const network = (value & mask) >>> 0;
  const parts = [24, 16, 8, 0].map((shift) => (network >>> shift) & 0xff);
  return `${parts.join('.')}/${prefix}`;
}

/** The IPv4 networks this host is on (its LAN, say), which outbound targets must not reach. */
export function hostNetworks(): string[] {
  const networks = new Set<string>();
  for (const [name, addresses] of Object.entries(networkInterfaces())) {
    if (ENGINE_INTERFACE.test(name)) continue;
    for (const address of addresses ?? []) {
      if (address.family !== 'IPv4' || address.internal || address.cidr === null) continue;
      networks.add(networkOf(address.address, Number(address.cidr.split('/')[1])));
    }
  }
  return [...networks].sort();
}

/**
 * The outbound chain's rules, in order and as `iptables -S` prints them: what the operator
 * allows returns (to the guard's other rules), then private ranges and the host's networks are
 * dropped.
 */
export function outboundRules(allowed: string[], hostNets = hostNetworks()): string[] {
  const dropped = [...new Set([...PRIVATE_RANGES, ...hostNets])];
  return [
    ...allowed.map((network) => `-A ${OUTBOUND_CHAIN} -d ${network} -j RETURN`),
    ...dropped.map((network) => `-A ${OUTBOUND_CHAIN} -d ${network} -j DROP`),
  ];
}
