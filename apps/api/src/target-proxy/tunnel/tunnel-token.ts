import type { ApiDatabase } from '../../db';
import { ensureDeployment } from '../../targets/deployment';
import { passExpiry, signPass } from '../cookie';

/**
 * A token that opens one TCP target's tunnel for one user, sent as `Authorization: Bearer …`.
 * It is a pass signed for the tunnel alone; like the proxy's cookie it lasts 12 hours, and
 * every tunnel it opens is checked against the target's state and the user's right throughout.
 */
export async function issueTunnelToken(
  db: ApiDatabase,
  { targetId, userId }: { targetId: string; userId: string },
  now = Date.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const { proxySecret } = await ensureDeployment(db);
  const expiresAt = passExpiry(now);
  return {
    token: signPass(proxySecret, { targetId, userId, expiresAt }, 'tunnel'),
    expiresAt: new Date(expiresAt * 1000),
  };
}
