import Docker from 'dockerode';
import { LABEL } from '../src/docker/labels';
import { TEST_LABEL } from './images';

/**
 * Removes what tests left behind at least `olderThanMs` ago (tests of other files may be running
 * meanwhile, and theirs are newer): containers made from test images (they inherit the image's
 * label, whose value is its build time), target networks without a container, test images.
 */
export async function removeTestLeftovers({ olderThanMs = 30 * 60_000 } = {}): Promise<void> {
  const docker = new Docker();
  const before = Date.now() - olderThanMs;
  // A label that is no build time (older test images said `true`) counts as old.
  const stale = (labels: Record<string, string> | undefined) =>
    !(Number(labels?.[TEST_LABEL]) > before);

  const containers = await docker.listContainers({ all: true, filters: { label: [TEST_LABEL] } });
  await Promise.allSettled(
    containers
      .filter((container) => stale(container.Labels))
      .map((container) => docker.getContainer(container.Id).remove({ force: true, v: true })),
  );

  const networks = await docker.listNetworks({ filters: { label: [LABEL.target] } });
  const orphans = [];
  for (const { Id } of networks) {
    const network = await docker.getNetwork(Id).inspect();
    const empty = Object.keys(network.Containers ?? {}).length === 0;
    if (empty && Date.parse(network.Created) <= before) orphans.push(Id);
  }
  await Promise.allSettled(orphans.map((id) => docker.getNetwork(id).remove()));

  const images = await docker.listImages({ filters: { label: [TEST_LABEL] } });
  await Promise.allSettled(
    images
      .filter((image) => stale(image.Labels))
      .map((image) => docker.getImage(image.Id).remove({ force: true })),
  );
}
