import { bigserial, index, text, timestamp } from 'drizzle-orm/pg-core';
import { identitySchema } from './identity-schema';

export const throttleEvents = identitySchema.table(
  'throttle_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** What is counted, e.g. `sign-in:pair:<email> <ip>`, `sign-in:ip:<ip>`, `mail:reset:<email>`. */
    bucket: text().notNull(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    // Every check counts one bucket's events inside a recent window.
    index('throttle_events_bucket_at_idx').on(table.bucket, table.at),
    // Old events are pruned by age.
    index('throttle_events_at_idx').on(table.at),
  ],
);
