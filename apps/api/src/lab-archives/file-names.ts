/**
 * Names for a lab's files inside an archive, where each is `files/<name>` and so must be unique:
 * a name met again gets ` (2)`, ` (3)`… before its extension.
 */
export function archiveFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let copy = 2; taken.has(candidate); copy++) {
      const dot = name.lastIndexOf('.');
      candidate =
        dot > 0 ? `${name.slice(0, dot)} (${copy})${name.slice(dot)}` : `${name} (${copy})`;
    }
    taken.add(candidate);
    return candidate;
  });
}
