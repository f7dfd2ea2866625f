import type { OutputBundle, OutputChunk } from 'rolldown';

export const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk's file and those it imports statically, transitively. */
export function withImports(
  chunk: OutputChunk,
  byFile: Map<string, OutputChunk>,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = byFile.get(file);
    if (imported) withImports(imported, byFile, into);
  }
  return into;
}

/** The chunk that holds the module at `id`. */
export function chunkOfModule(chunks: OutputChunk[], id: string): OutputChunk {
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
  if (!chunk) throw new Error(`no chunk holds ${id}`);
  return chunk;
}

/** Inline script code that adds a `modulepreload` link for each URL that `urls` (code) yields. */
export const modulePreloadsOf = (urls: string) =>
  `for(const href of ${urls}){` +
  `const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';` +
  `link.href=href;document.head.append(link)}`;
