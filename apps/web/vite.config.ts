import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';

/**
 * Identifies this build; the app compares it with the deployed one
 * (docs/behaviour.md#new-build-check).
 */
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
function inShell(id: string, graph: ModuleGraph): boolean {
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

const buildId = `${new Date().toISOString()}-${globalThis.crypto.randomUUID().slice(0, 8)}`;

/** Writes `builds/latest.json` (`{ id }`) beside the app, served uncached like index.html. */
const buildManifest = (): Plugin => ({
  name: 'hackclass-build-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'builds/latest.json',
      source: `${JSON.stringify({ id: buildId })}\n`,
    });
  },
});

/** The all-in-one server (apps/server) answers these in development. */
const backend = 'http://127.0.0.1:3000';
const proxiedPrefixes = [
  '/api',
  '/config.json',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
];

export default defineConfig({
  plugins: [react(), buildManifest(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  // `@/…` imports resolve through the `paths` of tsconfig.json.
  resolve: { tsconfigPaths: true },
  build: {
    // Read by scripts/bundle-size.mjs.
    manifest: true,
    rolldownOptions: {
      output: {
        // React, and Mantine's core with the few components every page shows, change least often:
        // chunks of their own stay cached across app releases (and one chunk gzips better than a
        // dozen small ones). Other libraries split with the routes that use them, so a first
        // visit loads only its page's.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            {
              name: 'mantine',
              test: /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/]|components[\\/](Box|Button|ActionIcon|Group|Stack|Text|Title|Container|Center|Anchor|Loader|UnstyledButton|Transition)[\\/])/,
            },
            {
              name: (id, graph) => (inShell(id, graph) ? 'app' : null),
              includeDependenciesRecursively: false,
            },
            {
              // The contracts' modules without Zod, which the sign-in pages use: shared by many
              // pages, they would otherwise join the contracts' common chunk, and bring Zod.
              name: 'contracts-without-zod',
              test: /packages[\\/]contracts[\\/]src[\\/]email-address\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: backend }])),
  },
});
