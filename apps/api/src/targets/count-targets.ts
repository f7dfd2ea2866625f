import type { TargetCount } from '@hackclass/http';
import { count } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targets } from '../db/schema';
import { isActive } from './stop-targets';

/** Live targets and boxes by kind and state, for `/metrics`: the active ones only. */
export function countTargets(db: ApiDatabase): Promise<TargetCount[]> {
  return db
    .select({ kind: targets.kind, state: targets.state, count: count() })
    .from(targets)
    .where(isActive)
    .groupBy(targets.kind, targets.state);
}
