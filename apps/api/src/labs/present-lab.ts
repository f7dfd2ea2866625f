import type { LabSummary } from '@hackclass/contracts';
import type { labs } from '../db/schema';
import type { Actor } from '../policies/actors';
import { labPermissions } from '../policies/permissions';

export type LabRow = typeof labs.$inferSelect;

export function presentLabSummary(actor: Actor, lab: LabRow, fileCount: number): LabSummary {
  return {
    id: lab.id,
    slug: lab.slug,
    name: lab.name,
    description: lab.description,
    difficulty: lab.difficulty,
    category: lab.category,
    points: lab.points,
    scoring: lab.scoring,
    minimumPoints: lab.minimumPoints,
    decay: lab.decay,
    creatorId: lab.creatorId,
    fileCount,
    createdAt: lab.createdAt.toISOString(),
    can: labPermissions(actor, lab),
  };
}
