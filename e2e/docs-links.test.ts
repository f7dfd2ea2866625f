import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository's documentation, as the code and the README cite it: every file and anchor a
// comment or a Markdown link names must exist, so a renamed heading cannot strand a reference.

const root = fileURLToPath(new URL('..', import.meta.url));
const codeFolders = ['apps', 'packages', 'e2e', 'scripts', 'security'];
const skipped = new Set(['node_modules', 'dist', 'drizzle', '.git']);

function filesUnder(folder: string, keep: (name: string) => boolean): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const codeFiles = codeFolders.flatMap((folder) =>
  filesUnder(join(root, folder), (name) => /\.(ts|tsx|mjs|js|css)$/.test(name)),
);
const markdownFiles = [
  ...['README.md', 'SECURITY.md'].map((name) => join(root, name)),
  ...filesUnder(join(root, 'docs'), (name) => name.endsWith('.md')),
  ...codeFolders.flatMap((folder) =>
    filesUnder(join(root, folder), (name) => name === 'README.md'),
  ),
];

/** The anchors GitHub gives a Markdown file's headings (outside code blocks). */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('```')) inFence = !inFence;
    const heading = inFence ? undefined : /^#{1,6} (.+)$/.exec(line)?.[1];
    if (!heading) continue;
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replaceAll(' ', '-');
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

interface Reference {
  from: string;
  target: string;
}

/** Whether `target` (a path from the repository root, maybe with `#anchor`) exists. */
function resolves(target: string): boolean {
  const [path = '', anchor] = target.split('#');
  const file = join(root, path);
  if (!existsSync(file)) return false;
  return anchor === undefined || anchorsOf(file).has(anchor);
}

const citedInCode: Reference[] = [...codeFiles, ...markdownFiles].flatMap((file) =>
  [
    ...readFileSync(file, 'utf8').matchAll(/(?<![\w/.-])(?<!\]\()docs\/[\w./-]+\.md(?:#[\w-]+)?/g),
  ].map(([target]) => ({ from: relative(root, file), target })),
);

const markdownLinks: Reference[] = markdownFiles.flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
    .flatMap(([, href = '']) => (/^[a-z]+:/.test(href) ? [] : [href]))
    .map((href) => ({
      from: relative(root, file),
      target: href.startsWith('#')
        ? `${relative(root, file)}${href}`
        : relative(root, join(dirname(file), href)),
    })),
);

describe('the documentation the code cites', () => {
  it('finds the docs the code points at', () => {
    expect(citedInCode.length).toBeGreaterThan(5);
    expect(markdownLinks.length).toBeGreaterThan(5);
  });

  it('resolves every docs/ path and anchor named in code and prose', () => {
    expect(citedInCode.filter(({ target }) => !resolves(target))).toEqual([]);
  });

  it('resolves every relative Markdown link and anchor', () => {
    expect(markdownLinks.filter(({ target }) => !resolves(target))).toEqual([]);
  });

  it('cites no section of a document outside the repository', () => {
    const citation = /\b(?:spec|design|style)\b(?:'s)?(?:\s+\w+){0,3}\s*\(?§/i;
    const citing = codeFiles.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          citation.test(line) ? [`${relative(root, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(citing).toEqual([]);
  });
});
