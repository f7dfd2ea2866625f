import { randomBytes } from 'node:crypto';
import type { ApiDatabase } from '../db';
import { deployment } from '../db/schema';

/** This deployment: its id labels the containers it owns; its secret signs the proxy's cookies. */
export interface Deployment {
  id: string;
  proxySecret: string;
}

/**
 * The deployment row, made by the first replica that starts (the others' inserts do nothing)
 * and read back by all, so that every replica labels and signs alike.
 */
export async function ensureDeployment(db: ApiDatabase): Promise<Deployment> {
  await db
    .insert(deployment)
    .values({ proxySecret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: deployment.id, proxySecret: deployment.proxySecret })
    .from(deployment);
  if (!row) throw new Error('the deployment row is missing after its insert');
  return row;
}
