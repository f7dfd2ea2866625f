import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { targetTickets } from '../db/schema';

/** How long an Open link works: long enough to open a tab, too short to pass around. */
export const TICKET_TTL_MS = 60_000;

/** Where the ticket is exchanged on the target's host; no target serves under `/.hackclass/`. */
export const TICKET_PATH = '/.hackclass/ticket';

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** A fresh single-use ticket for `userId` to open `targetId`; only its hash is stored. */
export async function issueTicket(
  db: ApiDatabase,
  { targetId, userId }: { targetId: string; userId: string },
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  // Tickets past their minute are worthless: whoever asks for a new one sweeps them.
  await db.delete(targetTickets).where(lt(targetTickets.expiresAt, sql`now()`));
  await db.insert(targetTickets).values({
    tokenHash: hashOf(ticket),
    targetId,
    userId,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

/**
 * Uses up a ticket for `targetId`, once: the user it was made for, or undefined when it is
 * unknown, used, expired or for another target. One statement, so two tabs cannot both use it.
 */
export async function redeemTicket(
  db: ApiDatabase,
  { ticket, targetId }: { ticket: string; targetId: string },
): Promise<string | undefined> {
  const [redeemed] = await db
    .update(targetTickets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(targetTickets.tokenHash, hashOf(ticket)),
        eq(targetTickets.targetId, targetId),
        isNull(targetTickets.usedAt),
        gt(targetTickets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: targetTickets.userId });
  return redeemed?.userId;
}

/** The Open link: the ticket exchange on the target's own host, as users reach HackClass. */
export function ticketUrl(
  { publicUrl, labsDomain }: { publicUrl: string; labsDomain: string },
  targetId: string,
  ticket: string,
): string {
  const { protocol, port } = new URL(publicUrl);
  const url = new URL(`${protocol}//${targetId}.${labsDomain}${port ? `:${port}` : ''}`);
  url.pathname = TICKET_PATH;
  url.searchParams.set('ticket', ticket);
  return url.href;
}
