import { IMAGE_NOT_ALLOWED } from '../errors';
import type { ImageOwner } from '../targets/image-owners';
import { type ImageContext, judgeImage } from '../targets/image-policy';
import type { DraftSet } from './lab-draft';

/**
 * The upload's labs, each whose target's image `owner` may not use without that target: the lab
 * comes all the same (nothing else of it is lost to one image), and the report says so.
 */
export async function withoutRefusedTargets(
  context: ImageContext,
  found: DraftSet,
  owner: ImageOwner,
): Promise<DraftSet> {
  const notMapped = [...found.notMapped];
  const drafts = [];
  for (const draft of found.drafts) {
    const image = draft.lab.target?.image;
    if (image === undefined || (await judgeImage(context, image, owner)) !== 'refused') {
      drafts.push(draft);
      continue;
    }
    drafts.push({ ...draft, lab: { ...draft.lab, target: null } });
    notMapped.push({
      lab: draft.lab.name,
      field: 'target',
      reason: `Imported without its live target (${image}). ${IMAGE_NOT_ALLOWED}`,
    });
  }
  return { ...found, drafts, notMapped };
}
