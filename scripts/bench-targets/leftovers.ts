import { dockerDriver } from '@hackclass/engine';

/**
 * Removes what the engine still holds for this deployment, containers and then networks (a box
 * has a network of its own, and a start cut short can leave one alone); says so if anything was.
 */
export async function removeLeftovers(deploymentId: string): Promise<void> {
  const cleaner = dockerDriver({ deploymentId, bindAddress: '127.0.0.1', firewall: 'off' });
  try {
    const left = await cleaner.list();
    if (left.length > 0) console.error(`Removing ${left.length} containers left running.`);
    for (const container of left) await cleaner.stop(container.targetId);
    const networks = await cleaner.networks();
    if (networks.length > 0) console.error(`Removing ${networks.length} networks left behind.`);
    for (const targetId of networks) await cleaner.stop(targetId);
  } finally {
    await cleaner.close();
  }
}
