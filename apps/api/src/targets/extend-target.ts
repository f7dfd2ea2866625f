import { ATTACK_BOX_KIND } from '@hackclass/contracts';
import { and, eq } from 'drizzle-orm';
import { targets } from '../db/schema';
import { apiErrors } from '../errors';
import type { TargetFacts } from './find-targets';
import { boxLifetimeRule, extendableFrom, extendedExpiry, type TargetRow } from './present-target';
import type { TargetService } from './service';

/**
 * Pushes a running target's expiry back by another lifetime, up to the longest a target may
 * run (see `extendedExpiry`).
 */
export async function extendTarget(
  service: TargetService,
  { target, rule: labRule }: TargetFacts,
  now = new Date(),
): Promise<TargetRow> {
  if (target.state !== 'running') throw apiErrors.targetNotRunning();
  const rule = target.kind === ATTACK_BOX_KIND ? boxLifetimeRule(service.config) : labRule;
  if (!rule?.extendable) {
    throw apiErrors.targetNotExtendable('This lab’s targets cannot be extended');
  }
  const expiresAt = extendedExpiry(target, rule, service.config, now);
  if (!expiresAt) {
    const from = extendableFrom(target, rule, service.config, now);
    throw apiErrors.targetNotExtendable(
      from
        ? `It can be extended once it has run a minute: try again in ${Math.ceil((from.getTime() - now.getTime()) / 1000)} s`
        : 'This target already runs as long as a target may',
    );
  }
  const [extended] = await service.db
    .update(targets)
    .set({ expiresAt })
    .where(and(eq(targets.id, target.id), eq(targets.state, 'running')))
    .returning();
  if (!extended) throw apiErrors.targetNotRunning();
  return extended;
}
