import { randomBytes } from 'node:crypto';
import type { ApiDatabase } from '../../db';
import { deployment } from '../../db/schema';

/**
 * This deployment's secret for the proxy's cookies, made by whichever replica starts first:
 * every replica reads the same one, so any of them proxies any target.
 */
export async function deploymentSecret(db: ApiDatabase): Promise<string> {
  await db
    .insert(deployment)
    .values({ proxySecret: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select({ proxySecret: deployment.proxySecret }).from(deployment);
  if (!row) throw new Error('the deployment row is missing');
  return row.proxySecret;
}
