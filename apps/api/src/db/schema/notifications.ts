import { NOTIFICATION_TYPES } from '@hackclass/contracts';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';
import { users } from './users';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: cascadeReference(() => users.id),
    type: text({ enum: NOTIFICATION_TYPES }).notNull(),
    /** What the notification is about: ids and names to show and link to. */
    data: jsonb().$type<Record<string, string>>().notNull().default({}),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A user's notifications, newest first.
    index('notifications_user_id_created_at_idx').on(table.userId, table.createdAt.desc()),
    // Unread counts stay cheap however many read notifications pile up.
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} is null`),
    check(
      'notifications_type_check',
      sql`${table.type} in (${sql.raw(NOTIFICATION_TYPES.map((t) => `'${t}'`).join(', '))})`,
    ),
  ],
);
