import { MAIL_LINK_LIFETIME_MS } from '@hackclass/mail';
import { and, eq, isNull } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { type Account, type OobCode, type OobCodeKind, oobCodes } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { newSecret, secretHash } from '../tokens/secrets';

export const OOB_CODE_LIFETIME_MS: Record<OobCodeKind, number> = {
  VERIFY_EMAIL: MAIL_LINK_LIFETIME_MS.verify_email,
  PASSWORD_RESET: MAIL_LINK_LIFETIME_MS.reset_password,
};

/** A new single-use code for `account`; only its hash is stored. */
export async function createOobCode(
  ctx: IdentityContext,
  account: Account,
  kind: OobCodeKind,
): Promise<string> {
  const code = newSecret();
  const now = ctx.now();
  await ctx.db.insert(oobCodes).values({
    codeHash: secretHash(code),
    uid: account.uid,
    kind,
    email: account.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + OOB_CODE_LIFETIME_MS[kind]),
  });
  return code;
}

function assertUsable(ctx: IdentityContext, row: OobCode | undefined, kind: OobCodeKind): OobCode {
  if (!row || row.kind !== kind || row.usedAt) throw new ProtocolError('INVALID_OOB_CODE');
  if (row.expiresAt.getTime() <= ctx.now().getTime()) throw new ProtocolError('EXPIRED_OOB_CODE');
  return row;
}

/** Checks a code without using it up (the reset page shows the address first). */
export async function peekOobCode(
  ctx: IdentityContext,
  code: string,
  kind: OobCodeKind,
): Promise<OobCode> {
  const row = await ctx.db.query.oobCodes.findFirst({
    where: eq(oobCodes.codeHash, secretHash(code)),
  });
  return assertUsable(ctx, row, kind);
}

/** Uses a code up. Two requests racing with one code: the conditional update lets one win. */
export async function consumeOobCode(
  ctx: IdentityContext,
  code: string,
  kind: OobCodeKind,
): Promise<OobCode> {
  const row = await peekOobCode(ctx, code, kind);
  const [used] = await ctx.db
    .update(oobCodes)
    .set({ usedAt: ctx.now() })
    .where(and(eq(oobCodes.codeHash, row.codeHash), isNull(oobCodes.usedAt)))
    .returning();
  if (!used) throw new ProtocolError('INVALID_OOB_CODE');
  return used;
}

/** After a reset, the other reset links of the account stop working. */
export async function voidOobCodes(
  ctx: IdentityContext,
  uid: string,
  kind: OobCodeKind,
): Promise<void> {
  await ctx.db
    .update(oobCodes)
    .set({ usedAt: ctx.now() })
    .where(and(eq(oobCodes.uid, uid), eq(oobCodes.kind, kind), isNull(oobCodes.usedAt)));
}
