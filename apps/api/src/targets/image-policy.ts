import type { TargetFailure } from '@hackclass/contracts';
import { imageNameOf } from '@hackclass/engine';
import { apiErrors, LAB_IMAGE_NOT_ALLOWED } from '../errors';
import { type Actor, isAdmin } from '../policies/actors';
import { type ImageOwner, othersUse, ownerOfLab } from './image-owners';
import {
  type ImageFacts,
  type ImageVerdict,
  imageVerdict,
  isAllowListed,
  isPrivateRegistry,
} from './image-rules';
import { labTargetOf } from './lab-target';
import type { TargetService } from './service';

/** What judging an image takes: the database, the engine if any, and LAB_IMAGE_ALLOW. */
export type ImageContext = Pick<TargetService, 'db' | 'driver' | 'config'>;

export const ownerOf = (actor: Actor): ImageOwner => ({ id: actor.id, admin: isAdmin(actor) });

/**
 * Whether `owner` may use `image` on this server (see `imageVerdict`). A listed or private
 * registry is decided without the engine; otherwise the engine is asked whether it has the image
 * (no registry is), and an engine that does not answer leaves that unknown, unless `strict`.
 */
export async function judgeImage(
  { db, driver, config }: ImageContext,
  image: string,
  owner: ImageOwner,
  { strict = false } = {},
): Promise<ImageVerdict> {
  const name = imageNameOf(image);
  if (!name) return 'refused';
  const known = {
    allowListed: isAllowListed(name, config.imageAllow),
    privateRegistry: isPrivateRegistry(name.domain),
    ownerIsAdmin: owner.admin,
  };
  // Decided without the engine: a listed or private registry, or no engine at all.
  if (!driver || known.allowListed || known.privateRegistry) {
    return imageVerdict({ ...known, engine: 'none', othersUse: false });
  }
  // Both are asked whatever the other says, so that how long a refusal takes tells nothing.
  const [engine, used] = await Promise.all([
    driver.hasImage(image).then<ImageFacts['engine'], ImageFacts['engine']>(
      (has) => (has ? 'has' : 'lacks'),
      (error: unknown) => {
        if (strict) throw error;
        return 'silent';
      },
    ),
    othersUse(db, name, owner.id),
  ]);
  return imageVerdict({ ...known, engine, othersUse: used });
}

/** Refuses a new lab's image its creator may not use, on the lab form's image field. */
export async function ensureImageAllowed(
  context: ImageContext,
  image: string | undefined,
  owner: ImageOwner,
): Promise<void> {
  if (image === undefined) return;
  if ((await judgeImage(context, image, owner)) === 'refused') {
    throw apiErrors.imageNotAllowed('target.image');
  }
}

/**
 * Refuses an edited lab's new image its creator may not use. Its saved image passes: a lab whose
 * image became refused stays editable, and its page and Start say why it cannot start.
 */
export async function ensureEditedImageAllowed(
  context: ImageContext,
  labId: string,
  image: string | undefined,
): Promise<void> {
  if (image === undefined || (await labTargetOf(context.db, labId))?.image === image) return;
  await ensureImageAllowed(context, image, await ownerOfLab(context.db, labId));
}

/** Why no target of the lab can start, when its creator may not use its image (the lab page). */
export async function labImageRefusal(
  context: ImageContext,
  labId: string,
  image: string,
): Promise<TargetFailure | undefined> {
  const verdict = await judgeImage(context, image, await ownerOfLab(context.db, labId));
  return verdict === 'refused'
    ? { code: 'image_not_allowed', message: LAB_IMAGE_NOT_ALLOWED }
    : undefined;
}

/** Refuses a start of a lab whose creator may not use its image; no engine: targets are off. */
export async function ensureLabImageStartable(
  context: ImageContext,
  labId: string,
  image: string,
): Promise<void> {
  if (context.driver && (await labImageRefusal(context, labId, image))) {
    throw apiErrors.labImageNotAllowed();
  }
}

/** Whether the engine may pull `image` when it lacks it: only what LAB_IMAGE_ALLOW lists. */
export function mayPull(image: string, allow: readonly string[]): boolean {
  const name = imageNameOf(image);
  return name !== undefined && isAllowListed(name, allow);
}
