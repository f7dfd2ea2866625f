import { BlockList, isIPv4 } from 'node:net';
import type { FastifyInstance } from 'fastify';

const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
] as const) {
  privateAddresses.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  privateAddresses.addSubnet(network, prefix, 'ipv6');
}

/**
 * Fastify's trust setting from TRUST_PROXY. Fastify refuses to trust a bare hop count (it cannot
 * tell a proxy from a direct client), so a count becomes the nearest `hops` addresses of the
 * chain: right behind that many proxies, and reachable only through them, that is exact.
 */
export function proxyTrustOf(
  trustProxy: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number'
    ? (_address: string, hop: number) => hop < trustProxy
    : trustProxy;
}

/** Loopback, private, link-local or carrier-grade NAT: where a reverse proxy usually sits. */
export function isPrivateAddress(address: string): boolean {
  const unmapped = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return privateAddresses.check(unmapped, isIPv4(unmapped) ? 'ipv4' : 'ipv6');
}

/**
 * Without TRUST_PROXY, every client behind a reverse proxy shares the proxy's address, so one
 * client's rate limit and sign-in throttling lock out everyone. Says so once, on the first
 * request that looks proxied.
 */
export function warnOfUntrustedProxy(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    const peer = request.socket.remoteAddress;
    if (!peer || !isPrivateAddress(peer)) return;
    warned = true;
    request.log.warn(
      { proxy: peer },
      `Requests from ${peer} carry X-Forwarded-For but TRUST_PROXY is not set, so every client behind that proxy shares its address for rate limits and sign-in throttling: set TRUST_PROXY=true (one proxy), a number of proxy hops, or the proxies' addresses`,
    );
  });
}
