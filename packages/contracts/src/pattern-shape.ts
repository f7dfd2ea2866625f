/**
 * What a regular expression's text tells of its cost before RE2 compiles it: its largest repeat
 * count, and about how many instructions it compiles to (each atom once per repetition, as RE2's
 * parser sizes a pattern). Escapes, `\Q…\E` and character classes are read as RE2 reads them, so
 * a brace inside them is no repeat count. The size is an estimate: RE2 also factors alternatives
 * (`abc|abd` into `ab[cd]`), so it may run above the program's.
 */
export interface PatternShape {
  /** The largest repeat count and how it is written (`{1000}`, `{2,300}`), if there is one. */
  largestRepeat?: { count: number; text: string };
  estimatedSize: number;
}

// RE2 reads `{` as a literal unless a whole count follows, without leading zeros.
const REPEAT_COUNT = /\{(0|[1-9]\d*)(?:(,)(0|[1-9]\d*)?)?\}/y;
const ESCAPE = /\\(?:[pPx]\{[^}]*\}|[pP].|.)?/suy;
const FLAGS = /\(\?[a-zA-Z-]*\)/y;
const QUOTE = /\\Q(.*?)(?:\\E|$)/suy;
// `(`, `(?:`, `(?i:`, `(?P<name>` or `(?<name>`; all but `(?:` and `(?i:` capture.
const GROUP_OPENING = /\((?:\?(?:P?<[^>]*>|([a-zA-Z-]*):))?/y;

function matchAt(regex: RegExp, text: string, at: number): RegExpExecArray | null {
  regex.lastIndex = at;
  return regex.exec(text);
}

const afterEscape = (pattern: string, at: number) =>
  at + (matchAt(ESCAPE, pattern, at)?.[0].length ?? 1);

/** Where the character class opening at `start` ends: `]` first, or after `^`, is a member. */
function afterClass(pattern: string, start: number): number {
  let at = pattern[start + 1] === '^' ? start + 2 : start + 1;
  let first = true;
  while (at < pattern.length && (pattern[at] !== ']' || first)) {
    first = false;
    const posixEnd = pattern.startsWith('[:', at) ? pattern.indexOf(':]', at + 2) : -1;
    if (posixEnd >= 0) at = posixEnd + 2;
    else if (pattern[at] === '\\') at = afterEscape(pattern, at);
    else at += 1;
  }
  return at + 1;
}

export function patternShape(pattern: string): PatternShape {
  let at = 0;
  let largestRepeat: PatternShape['largestRepeat'];

  /** The size of `size` repeated by the operator at `at`, or undefined when there is none. */
  function repeated(size: number): number | undefined {
    const operator = pattern[at];
    if (operator === '*' || operator === '+' || operator === '?') {
      at += 1;
      return size + 1;
    }
    const count = matchAt(REPEAT_COUNT, pattern, at);
    if (!count) return undefined;
    at += count[0].length;
    const min = Number(count[1]);
    const max =
      count[2] === undefined ? min : count[3] === undefined ? undefined : Number(count[3]);
    const most = Math.max(min, max ?? 0);
    if (!largestRepeat || most > largestRepeat.count) {
      largestRepeat = { count: most, text: count[0] };
    }
    return max === undefined ? Math.max(min, 1) * size + 1 : max * size + (max - min);
  }

  function group(): number {
    const opening = matchAt(GROUP_OPENING, pattern, at) as RegExpExecArray;
    at += opening[0].length;
    const captures = opening[1] === undefined;
    const size = alternation();
    if (pattern[at] === ')') at += 1;
    return size + (captures ? 2 : 0);
  }

  /** A branch's size, and whether it is one character or class, which RE2 merges with others. */
  function sequence(): { size: number; character: boolean } {
    let size = 0;
    let atoms = 0;
    let character = false;
    // What a repeat operator applies to: the last atom, past any `(?i)` or empty `\Q\E`.
    let last: number | undefined;
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')') {
      const repeat = last === undefined ? undefined : repeated(last);
      if (last !== undefined && repeat !== undefined) {
        size += repeat - last;
        last = repeat;
        character = false;
        continue;
      }
      const flags = matchAt(FLAGS, pattern, at);
      const quote = flags ? null : matchAt(QUOTE, pattern, at);
      if (flags) {
        at += flags[0].length;
      } else if (quote) {
        at += quote[0].length;
        const literal = [...(quote[1] ?? '')].length;
        size += literal;
        atoms += literal;
        character = atoms === 1;
        if (literal > 0) last = 1;
      } else {
        const char = pattern[at];
        if (char === '(') last = group();
        else {
          at =
            char === '['
              ? afterClass(pattern, at)
              : char === '\\'
                ? afterEscape(pattern, at)
                : at + 1;
          last = 1;
        }
        size += last;
        atoms += 1;
        character = atoms === 1 && char !== '(' && char !== '^' && char !== '$';
      }
    }
    return { size, character };
  }

  function alternation(): number {
    const first = sequence();
    let { size } = first;
    let characters = first.character;
    let branches = 1;
    while (pattern[at] === '|') {
      at += 1;
      const branch = sequence();
      size += branch.size + 1;
      characters &&= branch.character;
      branches += 1;
    }
    // `a|b|\d` compiles to the one class `[ab\d]`.
    return branches > 1 && characters ? 1 : size;
  }

  let estimatedSize = alternation();
  // A `)` without its `(`: RE2 refuses the pattern, but the rest is read all the same.
  while (at < pattern.length) {
    at += 1;
    estimatedSize += alternation();
  }
  return largestRepeat ? { largestRepeat, estimatedSize } : { estimatedSize };
}
