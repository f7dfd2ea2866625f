import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { chunkOfModule, chunksOf, modulePreloadsOf, withImports } from './bundle-graph';

/**
 * The modules the router loads for the pages people most often land on first, as `router.tsx`
 * lazy-loads them for each path (layout, guard, page). The prerendered pages (home, login) ask
 * for their own (see `prerender-pages.ts`).
 */
const LANDING_PAGES: Record<string, string[]> = {
  // Where sign-in leads, and where a signed-in person's bookmark does.
  '/dashboard': [
    'src/features/auth/components/guards.tsx',
    'src/app/layouts/dashboard-layout.tsx',
    'src/app/routes/app/dashboard.tsx',
  ],
};

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
            withImports(chunkOfModule(chunks, resolve(root, module)), byFile, files);
          }
          return [path, [...files].filter((file) => !loaded.has(file)).map((file) => `/${file}`)];
        }),
      );
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const script = `<script>(()=>{${modulePreloadsOf(
        `${JSON.stringify(preloads)}[location.pathname]??[]`,
      )}})()</script>`;
      // Before the stylesheet, which a later inline script would wait for.
      html.source = String(html.source).replace(
        '<script type="module"',
        `${script}\n    <script type="module"`,
      );
    },
  };
};
