import { ATTACK_BOX_KIND, type Target } from '@hackclass/contracts';
import type { targets } from '../db/schema';
import type { Actor } from '../policies/actors';
import { targetPermissions } from '../policies/permissions';
import type { LabsConfig } from './service';

export type TargetRow = typeof targets.$inferSelect;

/** What of the lab's definition decides how long a target may run. */
export interface LifetimeRule {
  lifetimeMinutes: number;
  extendable: boolean;
}

const MINUTE_MS = 60_000;

type ExtensionFacts = Pick<TargetRow, 'state' | 'startedAt' | 'expiresAt'>;

/**
 * What bounds an extension of a running target its rule lets extend (undefined for any other):
 * its lifetime, its expiry, and the longest it may run from its start, the operator's
 * LAB_MAX_LIFETIME_MINUTES (or the lab's own lifetime, if the operator lowered the maximum since).
 */
function extensionBounds(
  target: ExtensionFacts,
  rule: LifetimeRule | null,
  config: Pick<LabsConfig, 'maxLifetimeMinutes'>,
) {
  if (target.state !== 'running' || !rule?.extendable) return undefined;
  if (!target.startedAt || !target.expiresAt) return undefined;
  const longest = Math.max(rule.lifetimeMinutes, config.maxLifetimeMinutes) * MINUTE_MS;
  return {
    lifetime: rule.lifetimeMinutes * MINUTE_MS,
    expires: target.expiresAt.getTime(),
    until: target.startedAt.getTime() + longest,
  };
}

/**
 * The expiry an extension would set now: another lifetime from now, but never past the longest
 * a target may run (see `extensionBounds`). Undefined when it may not be extended: not running,
 * its lab says no, or less than a minute would be gained.
 */
export function extendedExpiry(
  target: ExtensionFacts,
  rule: LifetimeRule | null,
  config: Pick<LabsConfig, 'maxLifetimeMinutes'>,
  now: Date,
): Date | undefined {
  const bounds = extensionBounds(target, rule, config);
  if (!bounds) return undefined;
  const next = Math.min(now.getTime() + bounds.lifetime, bounds.until);
  return next - bounds.expires >= MINUTE_MS ? new Date(next) : undefined;
}

/**
 * When `extendedExpiry` will first answer a date, if it does not yet and will one day: once the
 * target has run long enough for another lifetime from then to gain a minute, unless the longest
 * a target may run leaves less than that.
 */
export function extendableFrom(
  target: ExtensionFacts,
  rule: LifetimeRule | null,
  config: Pick<LabsConfig, 'maxLifetimeMinutes'>,
  now: Date,
): Date | undefined {
  const bounds = extensionBounds(target, rule, config);
  if (!bounds || bounds.until - bounds.expires < MINUTE_MS) return undefined;
  const from = bounds.expires - bounds.lifetime + MINUTE_MS;
  return from > now.getTime() ? new Date(from) : undefined;
}

/** An attack box's lifetime, the operator's: extendable, as a lab's target may be. */
export const boxLifetimeRule = (config: Pick<LabsConfig, 'attackBox'>): LifetimeRule => ({
  lifetimeMinutes: config.attackBox.lifetimeMinutes,
  extendable: true,
});

/**
 * A TCP target's `host:port`, brackets around an IPv6 host: shown only for a target its driver
 * exposed to students (LAB_TCP_BIND_ADDRESS), since any other is reached through its tunnel alone.
 */
const addressOf = (host: string, port: number) =>
  `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

/** A target as `actor` sees it; its classroom's teachers may stop it too. */
export function presentTarget(
  actor: Actor,
  {
    target: row,
    rule,
    classroomCreatorId,
    coTeacher,
  }: {
    target: TargetRow;
    rule: LifetimeRule | null;
    classroomCreatorId: string | null;
    coTeacher: boolean;
  },
  config: Pick<LabsConfig, 'maxLifetimeMinutes' | 'attackBox'>,
  now = new Date(),
): Target {
  const lifetime = row.kind === ATTACK_BOX_KIND ? boxLifetimeRule(config) : rule;
  return {
    id: row.id,
    labId: row.labId,
    classroomId: row.classroomId,
    userId: row.userId,
    kind: row.kind,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    canExtend: extendedExpiry(row, lifetime, config, now) !== undefined,
    extendableAt: extendableFrom(row, lifetime, config, now)?.toISOString() ?? null,
    address:
      row.state === 'running' && row.exposedHost !== null && row.exposedPort !== null
        ? addressOf(row.exposedHost, row.exposedPort)
        : null,
    failure:
      row.failureCode === null
        ? null
        : { code: row.failureCode, message: row.failureMessage ?? 'The target failed' },
    can: targetPermissions(actor, { userId: row.userId, classroomCreatorId, coTeacher }),
  };
}
