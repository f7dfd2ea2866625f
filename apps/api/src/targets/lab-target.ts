import type { LabTarget, LabTargetDefinition, LabTargetSummary } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { labTargets } from '../db/schema';
import { apiErrors } from '../errors';
import type { LabsConfig } from './service';

type OperatorLimits = Pick<
  LabsConfig,
  'maxMemoryMb' | 'maxCpus' | 'maxPids' | 'maxLifetimeMinutes' | 'allowOutbound'
>;

const LIMITS = [
  ['memoryMb', 'memory (MB)', 'maxMemoryMb'],
  ['cpus', 'CPUs', 'maxCpus'],
  ['pids', 'process limit', 'maxPids'],
  ['lifetimeMinutes', 'lifetime (minutes)', 'maxLifetimeMinutes'],
] as const;

/**
 * Refuses a definition asking for more than the operator allows (LAB_MAX_*, and outbound
 * traffic only with LAB_ALLOW_OUTBOUND), naming the field.
 */
export function ensureWithinOperatorLimits(
  target: LabTargetDefinition | null | undefined,
  limits: OperatorLimits,
): void {
  if (!target) return;
  if (target.outbound && !limits.allowOutbound) throw apiErrors.outboundNotAllowed();
  for (const [field, label, limit] of LIMITS) {
    if (target[field] > limits[limit]) {
      throw apiErrors.targetLimitTooHigh(field, label, limits[limit]);
    }
  }
}

/**
 * Writes a lab's target as the form says (inside the caller's transaction): a definition
 * replaces the old one, `null` removes it, `undefined` (the field left out) keeps it.
 */
export async function saveLabTarget(
  db: ApiDatabase,
  labId: string,
  target: LabTargetDefinition | null | undefined,
): Promise<void> {
  if (target === undefined) return;
  if (target === null) {
    await db.delete(labTargets).where(eq(labTargets.labId, labId));
    return;
  }
  const values = { ...target, updatedAt: new Date() };
  await db
    .insert(labTargets)
    .values({ labId, ...values })
    .onConflictDoUpdate({ target: labTargets.labId, set: values });
}

export async function labTargetOf(db: ApiDatabase, labId: string): Promise<LabTarget | undefined> {
  const [row] = await db.select().from(labTargets).where(eq(labTargets.labId, labId));
  if (!row) return undefined;
  const { labId: _labId, updatedAt: _updatedAt, ...definition } = row;
  return definition;
}

export const summaryOf = ({
  kind,
  lifetimeMinutes,
  extendable,
  flagMode,
}: LabTarget): LabTargetSummary => ({ kind, lifetimeMinutes, extendable, flagMode });
