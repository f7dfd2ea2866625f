import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
const ownSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;

interface ModuleGraph {
  getModuleInfo(
    id: string,
  ): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The web app's own modules the entry imports statically, directly or through others of its
 * own: the shell every first visit runs. Packages are not walked through: their index modules
 * import all they have, of which the bundle keeps only what is used.
 */
const shells = new WeakMap<ModuleGraph, Set<string>>();
export function inShell(id: string, graph: ModuleGraph): boolean {
  let shell = shells.get(graph);
  if (!shell) {
    shell = new Set([entry]);
    for (const module of shell) {
      const info = graph.getModuleInfo(module);
      // Rolldown lists dynamic imports among `importedIds` too.
      const lazy = new Set(info?.dynamicallyImportedIds);
      for (const imported of info?.importedIds ?? []) {
        if (ownSource.test(imported) && !lazy.has(imported)) shell.add(imported);
      }
    }
    shells.set(graph, shell);
  }
  return shell.has(id);
}
