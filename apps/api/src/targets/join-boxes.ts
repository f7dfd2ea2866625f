import { ATTACK_BOX_KIND } from '@hackclass/contracts';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { targets } from '../db/schema';
import type { TargetService } from './service';
import { isActive } from './stop-targets';

const ownedBy = (userId: string) =>
  and(eq(targets.userId, userId), isActive, isNotNull(targets.containerId));

/**
 * Lets a student's attack box reach their targets, which it finds by their lab's name. A box
 * joins the targets that have a container when it starts; a target joins the box that has one
 * when it starts; whichever records its container last sees the other's.
 */
async function join(service: TargetService, boxId: string, targetIds: string[]) {
  const boxes = service.driver?.boxes;
  if (!boxes) return;
  for (const targetId of targetIds) {
    await boxes.join(boxId, targetId).catch((error: unknown) => {
      service.log.warn({ err: error, boxId, targetId }, 'attack box: cannot join a target');
    });
  }
}

/** The target just started joins its owner's box, if they have one. */
export async function joinOwnersBox(
  service: TargetService,
  target: { id: string; userId: string },
): Promise<void> {
  const [box] = await service.db
    .select({ id: targets.id })
    .from(targets)
    .where(and(ownedBy(target.userId), eq(targets.kind, ATTACK_BOX_KIND)));
  if (box) await join(service, box.id, [target.id]);
}

/** The box just started joins every target of its owner. */
export async function joinOwnersTargets(
  service: TargetService,
  box: { id: string; userId: string },
): Promise<void> {
  const owned = await service.db
    .select({ id: targets.id })
    .from(targets)
    .where(and(ownedBy(box.userId), ne(targets.kind, ATTACK_BOX_KIND)));
  await join(
    service,
    box.id,
    owned.map((target) => target.id),
  );
}
