import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './precompress';
import { prerenderPages } from './prerender-pages';
import { routePreloads } from './route-preloads';
import { inShell } from './shell-modules';

/**
 * Identifies this build; the app compares it with the deployed one
 * (docs/behaviour.md#new-build-check).
 */
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
  // The prerendered pages are made before the landing pages' preloads join index.html: they ask for
  // their modules themselves, once they have painted.
  plugins: [react(), buildManifest(), prerenderPages(), routePreloads(), precompress()],
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
              // The contracts' modules without Zod, which the sign-in pages and the app's shell
              // use: shared by many pages, they would otherwise join the contracts' common chunk,
              // and bring Zod.
              name: 'contracts-without-zod',
              test: /packages[\\/]contracts[\\/]src[\\/](email-address|server-rendered-pages)\.ts$/,
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
