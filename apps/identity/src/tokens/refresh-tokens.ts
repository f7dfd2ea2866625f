import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { refreshTokens } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { newSecret, secretHash } from './secrets';

/**
 * How long a rotated refresh token still works: two tabs that refresh at the same moment both
 * succeed. Use after this window means the token leaked, and its whole family is revoked.
 */
export const REFRESH_GRACE_MS = 30_000;

interface Session {
  uid: string;
  familyId: string;
  authTime: Date;
  /** The provider the sign-in went through (`oidc.…`); null for a password. */
  signInProvider: string | null;
}

export async function issueRefreshToken(ctx: IdentityContext, session: Session): Promise<string> {
  const token = newSecret();
  await ctx.db.insert(refreshTokens).values({
    tokenHash: secretHash(token),
    ...session,
    createdAt: ctx.now(),
  });
  return token;
}

/** A new family: one sign-in, with its own `auth_time`. */
export function startFamily(
  ctx: IdentityContext,
  uid: string,
  signInProvider: string | null,
): Promise<string> {
  return issueRefreshToken(ctx, {
    uid,
    familyId: randomUUID(),
    authTime: ctx.now(),
    signInProvider,
  });
}

/**
 * Marks `token` as rotated (once: a second use keeps the first rotation time) and returns its
 * session. The caller checks the account before issuing the successor.
 */
export async function redeemRefreshToken(ctx: IdentityContext, token: string) {
  const now = ctx.now();
  const [row] = await ctx.db
    .update(refreshTokens)
    .set({
      rotatedAt: sql`coalesce(${refreshTokens.rotatedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(refreshTokens.tokenHash, secretHash(token)))
    .returning();
  if (!row) throw new ProtocolError('INVALID_REFRESH_TOKEN');
  return {
    session: {
      uid: row.uid,
      familyId: row.familyId,
      authTime: row.authTime,
      signInProvider: row.signInProvider,
    },
    /** Checked after the account, so a disabled user hears USER_DISABLED rather than this. */
    assertUsable: async () => {
      if (row.revokedAt) throw new ProtocolError('TOKEN_EXPIRED');
      const rotatedAt = row.rotatedAt ?? now;
      if (now.getTime() - rotatedAt.getTime() > REFRESH_GRACE_MS) {
        await revokeFamily(ctx, row.familyId);
        ctx.log.warn({ uid: row.uid }, 'refresh token reused after rotation; family revoked');
        throw new ProtocolError('TOKEN_EXPIRED');
      }
    },
  };
}

export async function revokeFamily(ctx: IdentityContext, familyId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAccountRefreshTokens(ctx: IdentityContext, uid: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedAt: ctx.now() })
    .where(and(eq(refreshTokens.uid, uid), isNull(refreshTokens.revokedAt)));
}

/** The family `token` belongs to, when it is one of `uid`'s refresh tokens. */
export async function familyOf(
  ctx: IdentityContext,
  uid: string,
  token: string,
): Promise<string | undefined> {
  const row = await ctx.db.query.refreshTokens.findFirst({
    where: and(eq(refreshTokens.tokenHash, secretHash(token)), eq(refreshTokens.uid, uid)),
  });
  return row?.familyId;
}
