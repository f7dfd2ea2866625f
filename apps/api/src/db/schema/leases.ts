import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Work that one replica at a time does (the targets' sweep), named; a row is held by whoever
 * wrote it until it expires or its holder ends it. A lease needs no connection held open, so a
 * database that goes away under it fails a query, never the process holding it.
 */
export const leases = pgTable('leases', {
  name: text().primaryKey(),
  holder: uuid().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
