import { randomInt } from 'node:crypto';
import { and, gt, isNotNull, or } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targets } from '../db/schema';
import { apiErrors } from '../errors';
import type { LabsConfig } from './service';
import { isActive } from './stop-targets';

/**
 * How long a port rests after its target ended before another target gets it: longer than the
 * proxy's access cache (`ACCESS_CACHE_MS`), so that a browser still holding the old target's
 * cookie can never be sent to a new target on the same port, and long enough for a container
 * the engine is still removing to let go of it.
 */
export const PORT_REST_MS = 10_000;

/**
 * A port of LAB_PORT_RANGE no active target holds nor one that ended in the last
 * `PORT_REST_MS`, picked at random so that a port another program on the host took costs one
 * failed start, not every start.
 */
export async function freeHostPort(
  tx: ApiDatabase,
  { first, last }: LabsConfig['portRange'],
): Promise<number> {
  const held = await tx
    .select({ port: targets.hostPort })
    .from(targets)
    .where(
      and(
        isNotNull(targets.hostPort),
        or(isActive, gt(targets.endedAt, new Date(Date.now() - PORT_REST_MS))),
      ),
    );
  const taken = new Set(held.map((row) => row.port));
  const free: number[] = [];
  for (let port = first; port <= last; port++) if (!taken.has(port)) free.push(port);
  if (free.length === 0) throw apiErrors.portRangeExhausted();
  return free[randomInt(free.length)] as number;
}
