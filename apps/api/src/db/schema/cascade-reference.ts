import { type AnyPgColumn, uuid } from 'drizzle-orm/pg-core';

/** A required reference to another table's row, deleted along with that row. */
export const cascadeReference = (target: () => AnyPgColumn) =>
  uuid().notNull().references(target, { onDelete: 'cascade' });
