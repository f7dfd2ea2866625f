import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { OutboxDatabase } from './claim-mail';
import { outbox } from './schema';

/** How long a failed mail keeps its bodies, so an admin can fix the cause and send it again. */
export const FAILED_BODY_DAYS = 7;
/** How long a sent mail's row stays for the admin view and metrics. */
export const SENT_ROW_DAYS = 30;
/** Rows touched per step, so one step never holds many locks or runs long. */
const BATCH = 500;

const olderThan = (days: number) =>
  lt(outbox.createdAt, sql`now() - make_interval(days => ${days})`);

/**
 * Forgets what the outbox no longer needs: the bodies of mails that failed a week ago (their
 * links would still work) and the rows of mails sent a month ago. Both walk the (status,
 * created_at) index, a batch at a time; whatever a batch leaves is taken at the next call.
 */
export async function pruneOutbox(db: OutboxDatabase): Promise<void> {
  const stale = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        eq(outbox.status, 'failed'),
        olderThan(FAILED_BODY_DAYS),
        or(ne(outbox.textBody, ''), ne(outbox.htmlBody, '')),
      ),
    )
    .limit(BATCH);
  await db.update(outbox).set({ textBody: '', htmlBody: '' }).where(inArray(outbox.id, stale));
  const old = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'sent'), olderThan(SENT_ROW_DAYS)))
    .limit(BATCH);
  await db.delete(outbox).where(inArray(outbox.id, old));
}
