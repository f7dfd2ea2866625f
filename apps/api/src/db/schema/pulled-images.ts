import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Images the engine pulled to start a target, as labs wrote them: the sweep removes each one
 * again once no lab's target uses it. Images an operator put on the engine are never listed.
 */
export const pulledImages = pgTable('pulled_images', {
  image: text().primaryKey(),
  pulledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
