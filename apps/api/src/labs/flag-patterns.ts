import { compileFlagPattern } from '@hackclass/contracts';

type CompiledPattern = ReturnType<typeof compileFlagPattern>;

/**
 * `compileFlagPattern` remembering the `capacity` patterns used last, so that an answer is not
 * paid for with a compilation (150 ms for the largest patterns labs may still hold from before
 * the cost limits). A pattern's compiled form is the same for every caller.
 */
export function flagPatternCache(capacity: number) {
  const compiled = new Map<string, CompiledPattern>();
  return (pattern: string, caseSensitive: boolean): CompiledPattern => {
    const key = `${caseSensitive ? 's' : 'i'}${pattern}`;
    const found = compiled.get(key) ?? compileFlagPattern(pattern, caseSensitive);
    // A Map iterates in insertion order: re-inserting on each use keeps the least recent first.
    compiled.delete(key);
    compiled.set(key, found);
    if (compiled.size > capacity) compiled.delete(compiled.keys().next().value as string);
    return found;
  };
}

/** Room for the regex flags of a hundred labs in use at once: about 15 KB each once used. */
export const compiledFlagPattern = flagPatternCache(500);
