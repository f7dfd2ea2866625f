import { eq, notExists } from 'drizzle-orm';
import { labTargets, pulledImages } from '../db/schema';
import type { TargetService } from './service';

/** Remembers that the engine pulled `image` for a target, so that the sweep may remove it. */
export async function recordPull(service: TargetService, image: string): Promise<void> {
  await service.db.insert(pulledImages).values({ image }).onConflictDoNothing();
}

/**
 * Removes from the engine the images it pulled for targets that no lab's target uses any more
 * (its lab deleted, or given another image). One a container still runs stays until the next
 * sweep; images an operator put on the engine were never recorded, and stay.
 */
export async function pruneImages(service: TargetService): Promise<void> {
  const { driver, db } = service;
  if (!driver) return;
  const unused = await db
    .select({ image: pulledImages.image })
    .from(pulledImages)
    .where(notExists(db.select().from(labTargets).where(eq(labTargets.image, pulledImages.image))));
  for (const { image } of unused) {
    if (await driver.removeImage(image)) {
      await db.delete(pulledImages).where(eq(pulledImages.image, image));
    }
  }
}
