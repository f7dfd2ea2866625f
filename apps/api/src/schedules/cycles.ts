/** A classroom's unlock paths: each lab to the labs it requires. */
export type RequirementGraph = Map<string, string[]>;

/**
 * The path by which `required` already leads back to `labId` through the graph (`required`
 * first, `labId` last), if making `labId` require it would close a cycle; else undefined.
 */
export function cyclePath(
  graph: RequirementGraph,
  labId: string,
  required: string,
): string[] | undefined {
  const seen = new Set<string>();
  const walk = (from: string): string[] | undefined => {
    if (from === labId) return [from];
    if (seen.has(from)) return undefined;
    seen.add(from);
    for (const next of graph.get(from) ?? []) {
      const rest = walk(next);
      if (rest) return [from, ...rest];
    }
    return undefined;
  };
  return walk(required);
}
