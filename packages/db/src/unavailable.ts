/** Node's socket errors: the server cannot be reached, or the connection broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** postgres.js's own codes for a connection that could not be made or was lost. */
const DRIVER_CODES = new Set([
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);
/**
 * SQLSTATEs of a server that is going away or full: admin, crash and starting-up shutdowns,
 * too many connections. Class 08 (connection exceptions) counts as a whole.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

function isUnavailable(error: Error & { code?: unknown }): boolean {
  const code = typeof error.code === 'string' ? error.code : '';
  return (
    SOCKET_CODES.has(code) ||
    DRIVER_CODES.has(code) ||
    SERVER_STATES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    // PGlite after close(), e.g. while the process shuts down.
    /^PGlite is clos(ed|ing)$/.test(error.message)
  );
}

/**
 * Whether `error`, or an error that caused it (Drizzle wraps driver errors), says the database
 * cannot be reached now, as opposed to a query it refused: worth a 503 and a retry, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    if (isUnavailable(current)) return true;
    seen.add(current);
    current = current.cause;
  }
  return false;
}

/** Whether `error`, or one that caused it (Drizzle wraps the driver's), has one of `codes`. */
export function causedByCode(error: unknown, codes: ReadonlySet<string>): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (codes.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}
