import { RE2JS, RE2JSSyntaxException } from 're2js';

/**
 * A regular-expression flag compiled with RE2 (re2js), whose matching time is linear in the
 * answer's length whatever the pattern, so that no teacher's pattern can hang the server.
 * Throws on a pattern RE2 does not accept (see `flagPatternError`).
 */
export const compileFlagPattern = (pattern: string, caseSensitive: boolean): RE2JS =>
  RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);

/** Why RE2 refuses the pattern, or undefined when it compiles. */
export function flagPatternError(pattern: string): string | undefined {
  try {
    compileFlagPattern(pattern, true);
    return undefined;
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return error.getDescription();
    return error instanceof Error ? error.message : String(error);
  }
}
