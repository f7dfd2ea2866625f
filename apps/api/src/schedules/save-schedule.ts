import { OPENS_BEFORE_DUE, type UpdateClassroomLabRequest } from '@hackclass/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { pgErrorOf } from '../db/database-errors';
import { classroomLabRequirements, classroomLabs, labs } from '../db/schema';
import { apiErrors } from '../errors';
import { cyclePath, type RequirementGraph } from './cycles';

/** Requirement changes of one classroom take turns, so that two cannot close a cycle together. */
const REQUIREMENTS_LOCK = 0x68_63_72_71;

const dateOf = (value: string | null | undefined, current: Date | null) =>
  value === undefined ? current : value === null ? null : new Date(value);

/** The classroom's labs by id with their names, and its unlock paths but those of `labId`. */
async function classroomGraph(db: ApiDatabase, classroomId: string, labId: string) {
  const [names, edges] = await Promise.all([
    db
      .select({ id: labs.id, name: labs.name })
      .from(classroomLabs)
      .innerJoin(labs, eq(labs.id, classroomLabs.labId))
      .where(eq(classroomLabs.classroomId, classroomId)),
    db
      .select()
      .from(classroomLabRequirements)
      .where(eq(classroomLabRequirements.classroomId, classroomId)),
  ]);
  const graph: RequirementGraph = new Map();
  for (const edge of edges) {
    if (edge.labId === labId) continue;
    graph.set(edge.labId, [...(graph.get(edge.labId) ?? []), edge.requiredLabId]);
  }
  return { names: new Map(names.map((lab) => [lab.id, lab.name])), graph };
}

/** Refuses requirements outside the classroom, the lab itself, or any that closes a cycle. */
async function checkRequirements(
  db: ApiDatabase,
  classroomId: string,
  labId: string,
  requires: string[],
) {
  const { names, graph } = await classroomGraph(db, classroomId, labId);
  if (requires.includes(labId)) {
    throw apiErrors.validation({ requires: ['A lab cannot require itself'] });
  }
  if (requires.some((id) => !names.has(id))) {
    throw apiErrors.validation({ requires: ['Choose labs of this classroom'] });
  }
  const nameOf = (id: string) => names.get(id) ?? id;
  for (const required of requires) {
    const path = cyclePath(graph, labId, required);
    if (!path) continue;
    const through = path.slice(1, -1).map(nameOf);
    throw apiErrors.requirementCycle(
      `${nameOf(labId)} cannot require ${nameOf(required)}: ${nameOf(required)} already ` +
        `requires ${nameOf(labId)}${through.length > 0 ? ` (through ${through.join(' → ')})` : ''}`,
    );
  }
}

/**
 * Writes the schedule and unlock path of a lab the classroom has (inside the caller's
 * transaction): a field left out keeps its value. 404 if the classroom does not have the lab.
 */
export async function saveSchedule(
  tx: ApiDatabase,
  classroomId: string,
  labId: string,
  change: UpdateClassroomLabRequest,
): Promise<void> {
  const here = and(eq(classroomLabs.classroomId, classroomId), eq(classroomLabs.labId, labId));
  const [current] = await tx.select().from(classroomLabs).where(here).for('update');
  if (!current) throw apiErrors.notFound('Lab in this classroom not found');
  const opensAt = dateOf(change.opensAt, current.opensAt);
  const dueAt = dateOf(change.dueAt, current.dueAt);
  if (opensAt && dueAt && opensAt >= dueAt) {
    throw apiErrors.validation({ dueAt: [OPENS_BEFORE_DUE] });
  }
  await tx
    .update(classroomLabs)
    .set({
      opensAt,
      dueAt,
      latePercent: change.latePercent ?? current.latePercent,
      // Moved to open later: hidden again until then, and announced again when it opens.
      announcedAt: opensAt && opensAt.getTime() > Date.now() ? null : current.announcedAt,
    })
    .where(here);
  if (change.requires === undefined) return;
  const requires = [...new Set(change.requires)];
  await tx.execute(
    sql`select pg_advisory_xact_lock(${REQUIREMENTS_LOCK}, hashtext(${classroomId}))`,
  );
  await checkRequirements(tx, classroomId, labId, requires);
  await tx
    .delete(classroomLabRequirements)
    .where(
      and(
        eq(classroomLabRequirements.classroomId, classroomId),
        eq(classroomLabRequirements.labId, labId),
      ),
    );
  if (requires.length === 0) return;
  await tx
    .insert(classroomLabRequirements)
    .values(requires.map((requiredLabId) => ({ classroomId, labId, requiredLabId })))
    .catch((error: unknown) => {
      // A required lab left the classroom since it was read.
      if (pgErrorOf(error).code === '23503') {
        throw apiErrors.validation({ requires: ['Choose labs of this classroom'] });
      }
      throw error;
    });
}
