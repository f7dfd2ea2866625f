import { RE2JS, RE2JSSyntaxException } from 're2js';
import { patternShape } from './pattern-shape';

/** The most times a regex flag may repeat something (`{100}`, `{8,100}`). */
export const FLAG_PATTERN_MAX_REPEAT = 100;

/**
 * The most instructions a regex flag may compile to (RE2's `programSize`, its own measure of a
 * pattern's cost). Up to 500, re2js checks an answer with its bit-state backtracker, which takes
 * each instruction at each position at most once; past it, with the NFA, several times slower.
 * Plain text compiles to about one instruction a character, so it fits up to about the flags'
 * 500 characters; only repeats multiply a pattern past the limit.
 */
export const FLAG_PATTERN_MAX_SIZE = 500;

const TOO_COMPLEX = 'too complex to check quickly: use fewer or smaller repeat counts';

/**
 * A regular-expression flag compiled with RE2 (re2js), whose matching time is linear in the
 * answer's length whatever the pattern, so that no teacher's pattern can hang the server.
 * Throws on a pattern RE2 does not accept (see `flagPatternError`).
 */
export const compileFlagPattern = (pattern: string, caseSensitive: boolean): RE2JS =>
  RE2JS.compile(pattern, caseSensitive ? 0 : RE2JS.CASE_INSENSITIVE);

/**
 * Whether `pattern` matches the whole `answer`. Through RE2's backtracker or NFA, which `matcher`
 * takes to report groups: their work is bounded by the program's size times the answer's length.
 * `matches` takes the lazy DFA instead, which builds a state table as wide as the pattern's
 * distinct character ranges (over a thousand for `\p{L}`) for each new state: about 10 ms an
 * answer for a 25-instruction pattern, and up to 8 MB kept per pattern.
 */
export const matchesWhole = (pattern: RE2JS, answer: string): boolean =>
  pattern.matcher(answer).matches();

/** Why the pattern cannot be a flag (RE2 refuses it, or it costs too much to check), or undefined. */
export function flagPatternError(pattern: string): string | undefined {
  const { largestRepeat, estimatedSize } = patternShape(pattern);
  if (largestRepeat && largestRepeat.count > FLAG_PATTERN_MAX_REPEAT) {
    return `${largestRepeat.text} repeats more than ${FLAG_PATTERN_MAX_REPEAT} times, the most a pattern may`;
  }
  // Compiling is itself slow for a pattern far too large (a second for 180 000 instructions), so
  // one is refused from its text; the estimate may run above the program, hence the margin.
  if (estimatedSize > 2 * FLAG_PATTERN_MAX_SIZE) return TOO_COMPLEX;
  try {
    return compileFlagPattern(pattern, true).programSize() > FLAG_PATTERN_MAX_SIZE
      ? TOO_COMPLEX
      : undefined;
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) return error.getDescription();
    return error instanceof Error ? error.message : String(error);
  }
}
