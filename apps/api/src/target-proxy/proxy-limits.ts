/** What one user may hold and send through the target proxy and the TCP tunnel, per process. */
export interface ProxyLimits {
  /** Upgrade tunnels open at once, over all of the user's targets, WebSocket and TCP alike. */
  tunnelsPerUser: number;
  /** Upgrade tunnels open at once to one target, by all who may reach it. */
  tunnelsPerTarget: number;
  /** A tunnel that carries no data either way for this long is closed. */
  tunnelIdleMs: number;
  /** Proxied requests (upgrades included) a minute. */
  requestsPerMinute: number;
  /** Proxied requests waiting for their answer at once. */
  requestsInFlight: number;
}

/**
 * Generous for a class, small against one student's flood: in the review 1,500 tunnels of one
 * student took 1,850 descriptors, and about 10,000 would exhaust the process, sign-ins included.
 * - 32 tunnels: the TCP connector opens one per relayed connection, a page a few WebSockets.
 * - 64 per target: its student's 32 and room for the teachers looking at it.
 * - 10 idle minutes: common reverse proxies close a silent WebSocket after 60 to 100 seconds,
 *   so applications that keep one open already ping well within that. Sending pings is not the
 *   proxy's to do (a TCP target would see them as data); a connection whose client vanished
 *   (a laptop closed) would otherwise hold its slot for good.
 * - 1,200 requests a minute: a page of a hundred assets reloaded every five seconds.
 * - 128 waiting requests: HTTP/2 at a reverse proxy in front lets a browser send 100 at once.
 */
export const PROXY_LIMITS: ProxyLimits = {
  tunnelsPerUser: 32,
  tunnelsPerTarget: 64,
  tunnelIdleMs: 10 * 60_000,
  requestsPerMinute: 1_200,
  requestsInFlight: 128,
};
