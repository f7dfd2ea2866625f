import { resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The modules the router loads for the pages people most often land on first, as `router.tsx`
 * lazy-loads them for each path (layout, guard, page).
 */
const LANDING_PAGES: Record<string, string[]> = {
  '/': ['src/app/routes/home.tsx'],
  '/login': [
    'src/app/layouts/auth-layout.tsx',
    'src/features/auth/components/guards.tsx',
    'src/app/routes/auth/login.tsx',
  ],
  // Where sign-in leads, and where a signed-in person's bookmark does.
  '/dashboard': [
    'src/features/auth/components/guards.tsx',
    'src/app/layouts/dashboard-layout.tsx',
    'src/app/routes/app/dashboard.tsx',
  ],
};

const chunksOf = (bundle: OutputBundle) =>
  Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** A chunk's file and those it imports statically, transitively. */
function withImports(chunk: OutputChunk, byFile: Map<string, OutputChunk>, into: Set<string>) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const file of chunk.imports) {
    const imported = byFile.get(file);
    if (imported) withImports(imported, byFile, into);
  }
  return into;
}

/**
 * Adds to index.html a script that preloads the landing page's own modules, found by its path,
 * so that they download beside the app's rather than once the app has run and its router asks
 * for them: a round trip or three fewer before the page shows on a phone's network.
 */
export const routePreloads = (): Plugin => {
  let root = '';
  return {
    name: 'hackclass-route-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      const loaded = withImports(entry, byFile, new Set());
      const preloads = Object.fromEntries(
        Object.entries(LANDING_PAGES).map(([path, modules]) => {
          const files = new Set<string>();
          for (const module of modules) {
            const id = resolve(root, module);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
            if (!chunk) throw new Error(`route-preloads: no chunk for ${module}`);
            withImports(chunk, byFile, files);
          }
          return [path, [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
        }),
      );
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const script =
        `<script>(()=>{for(const href of ${JSON.stringify(preloads)}[location.pathname]??[]){` +
        `const link=document.createElement('link');link.rel='modulepreload';link.crossOrigin='';` +
        `link.href=href;document.head.append(link)}})()</script>`;
      // Before the stylesheet, which a later inline script would wait for.
      html.source = String(html.source).replace(
        '<script type="module"',
        `${script}\n    <script type="module"`,
      );
    },
  };
};
