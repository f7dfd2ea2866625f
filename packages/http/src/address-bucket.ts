import { isIPv4, isIPv6 } from 'node:net';

/** The eight sixteen-bit groups of an IPv6 address; a trailing dotted IPv4 part makes two. */
function groupsOf(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The client that a rate limit counts an address as. One IPv6 connection, a home line or a cloud
 * machine, is given a whole /64 (RFC 7421), so counting single IPv6 addresses lets one client
 * rotate around every limit: an IPv6 address counts as its /64, named by its first four groups
 * (`2001:db8:1:2::/64`). An IPv4 address counts alone, also when it reached a dual-stack socket
 * as `::ffff:a.b.c.d`. What is no address at all is a bucket of its own.
 */
export function addressBucket(address: string): string {
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = groupsOf(address.replace(/%.*$/, ''));
  const [high = 0, low = 0] = groups.slice(6);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
