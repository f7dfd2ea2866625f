import { type SQL, sql } from 'drizzle-orm';

/** The place of the hint row `hint` (a table or its alias) in its lab's order, 1 for the first. */
export const hintNumber = (hint: SQL) =>
  sql<number>`(select count(*) from lab_hints as earlier where earlier.lab_id = ${hint}.lab_id
    and (earlier.position, earlier.id) <= (${hint}.position, ${hint}.id))::int`.mapWith(Number);
