import { eq, sql } from 'drizzle-orm';
import type { ApiDatabase } from '../db';
import { accountEventCursor } from '../db/schema';

/** The sequence number of the last account event applied; 0 before the first. */
export async function readCursor(db: ApiDatabase): Promise<number> {
  const [row] = await db
    .select({ lastSeq: accountEventCursor.lastSeq })
    .from(accountEventCursor)
    .where(eq(accountEventCursor.id, 1));
  return row?.lastSeq ?? 0;
}

/** Moves the cursor forward; never back, when replicas race. */
export async function saveCursor(db: ApiDatabase, lastSeq: number): Promise<void> {
  await db
    .insert(accountEventCursor)
    .values({ id: 1, lastSeq })
    .onConflictDoUpdate({
      target: accountEventCursor.id,
      set: {
        lastSeq: sql`greatest(${accountEventCursor.lastSeq}, excluded.last_seq)`,
        updatedAt: new Date(),
      },
    });
}
