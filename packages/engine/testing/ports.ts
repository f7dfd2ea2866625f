import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

const FIRST = 61_000;
const LAST = 65_499;
/** Nine zones of 500 ports: one per test worker, as long as no more than nine run at once. */
const ZONE = 500;
const ZONES = Math.floor((LAST - FIRST + 1) / ZONE);

/** The zone of this test worker: Vitest numbers the workers running at once from 1. */
const zone = (() => {
  const poolId = Number(process.env.VITEST_POOL_ID);
  return Number.isInteger(poolId) && poolId > 0 ? (poolId - 1) % ZONES : randomInt(ZONES);
})();
let taken = 0;

/**
 * A window of `size` ports for a test's LAB_PORT_RANGE in 61000-65499: above Linux's ephemeral
 * ports (32768-60999), which the machine's outgoing connections take (a target's port taken that
 * way fails its start). Each worker draws from a zone of its own, so files running side by side
 * never share a port; a worker's windows follow one another, across the files it runs (their
 * modules are kept), until the zone wraps.
 */
export function testPortWindow(size: number): { first: number; last: number } {
  const perZone = Math.floor(ZONE / size);
  if (perZone < 1) throw new Error(`a port window of ${size} is larger than a zone (${ZONE})`);
  const first = FIRST + zone * ZONE + (taken++ % perZone) * size;
  return { first, last: first + size - 1 };
}

/** A port the system has free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(address),
      );
    });
  });
}
