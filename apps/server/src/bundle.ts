import { readFile } from 'node:fs/promises';
import { dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

/** Where `npm run build` writes the production server: run it with `node apps/server/dist/main.js`. */
export const defaultOutdir = fileURLToPath(new URL('../dist', import.meta.url));

const entryPoint = fileURLToPath(new URL('./main.ts', import.meta.url));

/**
 * Third-party packages stay in node_modules, loaded from there at run time (PGlite finds its wasm
 * beside its own code); only the workspace's TypeScript is bundled.
 */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) =>
      path.startsWith('@hackclass/') ? undefined : { external: true },
    );
  },
};

/**
 * Bundled code would read `import.meta.url` as the bundle's address, so the folders found beside a
 * source file (migrations, the web build) would be looked for beside the bundle. Each workspace
 * file gets its own address back, relative to the bundle, so the built tree keeps working wherever
 * the checkout is.
 */
const sourceAddresses = (outdir: string): Plugin => ({
  name: 'source-addresses',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, path).split('\\').join('/');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
        ),
        loader: 'ts',
        resolveDir: dirname(path),
      };
    });
  },
});

/** Bundles the all-in-one server into `outdir/main.js`, for plain `node` without TypeScript. */
export async function bundleServer(outdir = defaultOutdir): Promise<string> {
  await build({
    entryPoints: { main: entryPoint },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [thirdPartyExternal, sourceAddresses(outdir)],
  });
  return `${outdir}/main.js`;
}
