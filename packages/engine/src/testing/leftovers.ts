import Docker from 'dockerode';
import { LABEL } from '../labels';
import { TEST_LABEL } from './images';

/**
 * Removes what tests left behind: containers made from test images (they inherit the image's
 * label), the target networks of those containers, networks of test deployments (ids starting
 * with `test-`) and the test images themselves.
 */
export async function removeTestLeftovers(): Promise<void> {
  const docker = new Docker();
  const containers = await docker.listContainers({ all: true, filters: { label: [TEST_LABEL] } });
  const targets = new Set(containers.map((container) => container.Labels[LABEL.target]));
  await Promise.allSettled(
    containers.map((container) =>
      docker.getContainer(container.Id).remove({ force: true, v: true }),
    ),
  );
  const networks = await docker.listNetworks({ filters: { label: [LABEL.target] } });
  const leftover = networks.filter(
    (network) =>
      targets.has(network.Labels?.[LABEL.target]) ||
      network.Labels?.[LABEL.deployment]?.startsWith('test-'),
  );
  await Promise.allSettled(leftover.map((network) => docker.getNetwork(network.Id).remove()));
  const images = await docker.listImages({ filters: { label: [TEST_LABEL] } });
  await Promise.allSettled(
    images.map((image) => docker.getImage(image.Id).remove({ force: true })),
  );
}
