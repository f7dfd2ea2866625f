interface PgErrorFacts {
  code?: string;
  constraint?: string;
}

/**
 * The SQLSTATE and constraint of a database error, whether thrown by PGlite (`constraint`) or
 * postgres.js (`constraint_name`), bare or wrapped by Drizzle as its `cause`.
 */
export function pgErrorOf(error: unknown): PgErrorFacts {
  for (const candidate of [error, (error as { cause?: unknown })?.cause]) {
    const { code, constraint, constraint_name } = (candidate ?? {}) as Record<string, unknown>;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const name = constraint ?? constraint_name;
      return { code, ...(typeof name === 'string' ? { constraint: name } : {}) };
    }
  }
  return {};
}

/** Whether a write failed on a unique constraint: the one named `constraint`, when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const facts = pgErrorOf(error);
  return facts.code === '23505' && (constraint === undefined || facts.constraint === constraint);
}
