import { pgSchema } from 'drizzle-orm/pg-core';

/** The identity app keeps its tables apart from the product API's, in a schema of its own. */
export const identitySchema = pgSchema('identity');
