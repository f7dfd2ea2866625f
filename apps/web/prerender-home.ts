import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { chunkOfModule, chunksOf, modulePreloadsOf, withImports } from './bundle-graph';

const HOME_ROUTE = 'src/app/routes/home.tsx';
const RENDERER = 'src/prerender/home-page.tsx';

/** The home page's HTML, rendered by `RENDERER` built for Node in a folder of its own. */
async function renderHome(root: string): Promise<string> {
  // Inside the app's folder, so that the renderer finds the app's packages.
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  const outDir = mkdtempSync(join(root, 'node_modules', '.prerender-'));
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { tsconfigPaths: true },
      build: { ssr: RENDERER, outDir, emptyOutDir: false, write: true },
    });
    const { renderHomePage } = (await import(pathToFileURL(join(outDir, 'home-page.js')).href)) as {
      renderHomePage: () => string;
    };
    return renderHomePage();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Runs `load` once the page has painted its first content (at once where it cannot tell). */
const afterFirstPaint = (load: string) =>
  `(()=>{const load=()=>{${load}};` +
  `if(!PerformanceObserver.supportedEntryTypes?.includes('paint'))return load();` +
  `new PerformanceObserver((list,observer)=>{` +
  `if(list.getEntriesByName('first-contentful-paint').length===0)return;` +
  `observer.disconnect();load()}).observe({type:'paint',buffered:true})})()`;

/**
 * Writes `home.html` beside index.html: the home page as a visitor first sees it, rendered at
 * build time into the page, with the stylesheets it needs. It shows once the stylesheets have
 * loaded, before any of the app's code; the app's modules are asked for once it has painted, so
 * that they do not compete with the stylesheets, and the app then renders the same page over it.
 */
export const prerenderHome = (): Plugin => {
  let root = '';
  return {
    name: 'hackclass-prerender-home',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      const chunks = chunksOf(bundle);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (html?.type !== 'asset' || !entry) return;
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const shell = withImports(entry, byFile);
      const page = withImports(chunkOfModule(chunks, resolve(root, HOME_ROUTE)), byFile);
      const modules = [...new Set([...shell, ...page])].filter((file) => file !== entry.fileName);
      const shellStyles = new Set([...shell].flatMap(cssOf));
      const pageStyles = [...page].flatMap(cssOf).filter((file) => !shellStyles.has(file));
      function cssOf(file: string): string[] {
        return [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])];
      }

      const load =
        modulePreloadsOf(JSON.stringify(modules.map((file) => `/${file}`))) +
        `const script=document.createElement('script');script.type='module';script.crossOrigin='';` +
        `script.src=${JSON.stringify(`/${entry.fileName}`)};document.head.append(script)`;
      const source = String(html.source)
        // The app's modules: asked for after the first paint.
        .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          '</head>',
          `${pageStyles.map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n`).join('')}  </head>`,
        )
        .replace('<div id="root"></div>', `<div id="root">${await renderHome(root)}</div>`)
        .replace('</body>', `  <script>${afterFirstPaint(load)}</script>\n  </body>`);
      this.emitFile({ type: 'asset', fileName: 'home.html', source });
    },
  };
};
