import { sql } from 'drizzle-orm';
import { bigserial, check, index, text, timestamp } from 'drizzle-orm/pg-core';
import { identitySchema } from './identity-schema';

export const ACCOUNT_EVENT_TYPES = ['revoked', 'deleted'] as const;
export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number];

const typeList = sql.raw(ACCOUNT_EVENT_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * What relying services must hear about accounts: their ID tokens issued before `validSince`
 * were revoked (password change or reset, disabling), or the account was deleted. Read in `seq`
 * order through the admin API; no reference to `accounts`, as deletions outlive the account.
 */
export const accountEvents = identitySchema.table(
  'account_events',
  {
    seq: bigserial({ mode: 'number' }).primaryKey(),
    uid: text().notNull(),
    type: text({ enum: ACCOUNT_EVENT_TYPES }).notNull(),
    validSince: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // A relying service that starts reads the last hour's events: every token they revoke.
    index('account_events_created_at_idx').on(table.createdAt),
    check('account_events_type_check', sql`${table.type} in (${typeList})`),
  ],
);

export type AccountEvent = typeof accountEvents.$inferSelect;
