import { randomInt } from 'node:crypto';
import { and, isNotNull } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targets } from '../db/schema';
import { apiErrors } from '../errors';
import type { LabsConfig } from './service';
import { isActive } from './stop-targets';

/**
 * A port of LAB_PORT_RANGE no active target holds, picked at random so that a port another
 * program on the host took costs one failed start, not every start.
 */
export async function freeHostPort(
  tx: ApiDatabase,
  { first, last }: LabsConfig['portRange'],
): Promise<number> {
  const held = await tx
    .select({ port: targets.hostPort })
    .from(targets)
    .where(and(isActive, isNotNull(targets.hostPort)));
  const taken = new Set(held.map((row) => row.port));
  const free: number[] = [];
  for (let port = first; port <= last; port++) if (!taken.has(port)) free.push(port);
  if (free.length === 0) throw apiErrors.portRangeExhausted();
  return free[randomInt(free.length)] as number;
}
