import { randomInt } from 'node:crypto';

// Docker's default address pools hold about 30 bridge networks (172.17–31.0.0/16 and
// 192.168.0.0/16 cut in /20), fewer than a class's running targets. Given a pool, the driver
// gives each target's network a /28 of it instead: 16 addresses, for a gateway and one container.
const BLOCK_BITS = 28;

interface Range {
  start: number;
  size: number;
}

function parseCidr(cidr: string): Range | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(cidr.trim());
  if (!match) return undefined;
  const octets = match.slice(1, 5).map(Number);
  const bits = Number(match[5]);
  if (octets.some((octet) => octet > 255) || bits > 32) return undefined;
  const address = octets.reduce((value, octet) => value * 256 + octet, 0);
  const size = 2 ** (32 - bits);
  return { start: address - (address % size), size };
}

const format = (address: number) =>
  [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');

export function assertSubnetPool(pool: string): void {
  const range = parseCidr(pool);
  if (range === undefined || range.size < 2 ** (32 - BLOCK_BITS)) {
    throw new TypeError(`The target subnet pool must be an IPv4 CIDR of /28 or wider: ${pool}`);
  }
}

/**
 * The /28 blocks of `pool` overlapping none of `used` (the engine's networks' subnets), from a
 * random one on, so that starts at the same moment seldom reach for the same block.
 */
export function freeSubnets(pool: string, used: string[]): string[] {
  const range = parseCidr(pool);
  if (range === undefined) return [];
  const taken = used.map(parseCidr).filter((subnet) => subnet !== undefined);
  const block = 2 ** (32 - BLOCK_BITS);
  const count = range.size / block;
  const first = randomInt(0, count);
  const free: string[] = [];
  for (let index = 0; index < count; index++) {
    const start = range.start + ((first + index) % count) * block;
    const overlaps = taken.some(
      (subnet) => start < subnet.start + subnet.size && subnet.start < start + block,
    );
    if (!overlaps) free.push(`${format(start)}/${BLOCK_BITS}`);
  }
  return free;
}
