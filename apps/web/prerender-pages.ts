import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { chunkOfModule, chunksOf, modulePreloadsOf, withImports } from './bundle-graph';
import type { PrerenderedPath } from './src/prerender/pages';

const RENDERER = 'src/prerender/pages.tsx';

interface PrerenderedPage {
  path: PrerenderedPath;
  /** The page's file beside index.html; the server sends it at `path`. */
  fileName: string;
  /** The modules of the page's routes: their chunks are asked for once it has painted. */
  routes: string[];
  /** Guests only: a visitor the browser may hold a session for gets the app's own page. */
  guestsOnly?: boolean;
}

const PAGES: PrerenderedPage[] = [
  { path: '/', fileName: 'home.html', routes: ['src/app/routes/home.tsx'] },
  {
    path: '/login',
    fileName: 'login.html',
    routes: [
      'src/app/layouts/auth-layout.tsx',
      'src/features/auth/components/guards.tsx',
      'src/app/routes/auth/login.tsx',
    ],
    guestsOnly: true,
  },
];

/** Each page's HTML, rendered by `RENDERER` built for Node in a folder of its own. */
async function renderPages(root: string): Promise<Map<PrerenderedPath, string>> {
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
    const { renderPage } = (await import(pathToFileURL(join(outDir, 'pages.js')).href)) as {
      renderPage: (path: PrerenderedPath) => string;
    };
    return new Map(PAGES.map(({ path }) => [path, renderPage(path)]));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The prerendered page's own script, at the end of its body. Until the app takes the page over
 * (main.tsx), a form sent is held rather than sent by the browser (it would put a password in
 * the URL), and marked for the app to send; a press under way marks the page (`data-pressed`,
 * gone once its click is done), so that the app does not take it over between the press and the
 * release, which would then click nothing. `load` runs once the page has painted its first
 * content, or at once when it shows none: a page for guests only is emptied for a visitor who
 * may be signed in (the key is the identity SDK's, as in saved-session.ts).
 */
function pageScript(load: string, guestsOnly: boolean): string {
  const emptyForSignedIn = guestsOnly
    ? `try{const saved=(storage)=>Object.keys(storage).some((key)=>key.startsWith('firebase:authUser:'));` +
      `if(saved(localStorage)||saved(sessionStorage)){root.removeAttribute('data-prerendered');root.replaceChildren()}}catch{}`
    : '';
  return (
    `(()=>{const root=document.getElementById('root');` +
    `document.addEventListener('submit',(event)=>{` +
    `if(!root.hasAttribute('data-prerendered')||!root.contains(event.target))return;` +
    `event.preventDefault();event.target.setAttribute('data-submitted','')},true);` +
    `document.addEventListener('pointerdown',()=>root.setAttribute('data-pressed',''),true);` +
    `const released=()=>setTimeout(()=>root.removeAttribute('data-pressed'));` +
    `document.addEventListener('pointerup',released,true);` +
    `document.addEventListener('pointercancel',released,true);` +
    emptyForSignedIn +
    `const load=()=>{${load}};` +
    `if(!root.hasAttribute('data-prerendered')||!PerformanceObserver.supportedEntryTypes?.includes('paint'))return load();` +
    `new PerformanceObserver((list,observer)=>{` +
    `if(list.getEntriesByName('first-contentful-paint').length===0)return;` +
    `observer.disconnect();load()}).observe({type:'paint',buffered:true})})()`
  );
}

/**
 * Writes a page beside index.html for each of `PAGES`: the page as a visitor first sees it,
 * rendered at build time into `#root` (marked `data-prerendered`), with the stylesheets it
 * needs. It shows once the stylesheets have loaded, before any of the app's code; the app's
 * modules are asked for once it has painted, so that they do not compete with the stylesheets,
 * and the app then renders the same page over it, keeping what the visitor typed.
 */
export const prerenderPages = (): Plugin => {
  let root = '';
  return {
    name: 'hackclass-prerender-pages',
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
      const shellStyles = new Set([...shell].flatMap(cssOf));
      function cssOf(file: string): string[] {
        return [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])];
      }
      const rendered = await renderPages(root);

      for (const { path, fileName, routes, guestsOnly = false } of PAGES) {
        const page = new Set<string>();
        for (const route of routes) {
          withImports(chunkOfModule(chunks, resolve(root, route)), byFile, page);
        }
        const modules = [...new Set([...shell, ...page])].filter((file) => file !== entry.fileName);
        const pageStyles = [...new Set([...page].flatMap(cssOf))].filter(
          (file) => !shellStyles.has(file),
        );
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
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered>${rendered.get(path)}</div>`,
          )
          .replace('</body>', `  <script>${pageScript(load, guestsOnly)}</script>\n  </body>`);
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
};
