import { randomBytes } from 'node:crypto';
import type { IdentityContext } from '../context';
import { parseFirebaseHash, verifyFirebaseScrypt } from './firebase-scrypt';

/**
 * Checks a password against an account's imported Firebase hash. A damaged hash (unreadable, its
 * parameters gone or unusable) refuses every password and is logged: the account holder can still
 * reset the password, and the attempt answers as a wrong password would.
 */
export async function verifyImportedPassword(
  ctx: IdentityContext,
  password: string,
  stored: string,
  uid: string,
): Promise<boolean> {
  const damaged = (why: string) => {
    ctx.log.warn({ uid }, `imported password hash is damaged: ${why}; refusing every password`);
    return false;
  };
  const parsed = parseFirebaseHash(stored);
  if (!parsed) return damaged('not firebase-scrypt$<paramsId>$salt$hash');
  try {
    const params = await ctx.firebaseParams.byId(parsed.paramsId);
    if (!params) return damaged(`its hash parameters ${parsed.paramsId} are gone`);
    return await verifyFirebaseScrypt(password, parsed, params);
  } catch (error) {
    return damaged(`checking it failed (${(error as Error).message})`);
  }
}

const decoy = { salt: randomBytes(12), hash: randomBytes(64) };

/**
 * While any imported hash remains, a sign-in that checks no such hash pays for one with the
 * costliest remaining import's parameters, so its time does not tell imported accounts apart.
 */
export async function payForImportedHash(ctx: IdentityContext, password: string): Promise<void> {
  try {
    const params = await ctx.firebaseParams.costliest();
    if (params) await verifyFirebaseScrypt(password, decoy, params);
  } catch (error) {
    ctx.log.warn({ err: error }, 'imported password hash parameters cannot be used');
  }
}
