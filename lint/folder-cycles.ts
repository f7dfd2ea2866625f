import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Which top-level folders (or files) of `root` each imports, from the relative imports of its code. */
export function folderImports(root: string): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  const topOf = (path: string) =>
    relative(root, path)
      .split(sep)[0]
      ?.replace(/\.tsx?$/, '') ?? '';
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name))
      continue;
    const file = join(entry.parentPath, entry.name);
    const from = topOf(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from\s+'(\.{1,2}\/[^']*)'/g)) {
      const to = topOf(resolve(dirname(file), specifier ?? ''));
      if (to === from) continue;
      imports.set(from, (imports.get(from) ?? new Set()).add(to));
    }
  }
  return imports;
}

/** The groups of folders that can each reach every other through imports (Tarjan's algorithm). */
export function cyclesOf(imports: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of imports.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of imports.keys()) if (!index.has(node)) visit(node);
  return cycles;
}
