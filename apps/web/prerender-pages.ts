import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PAGE_DATA_ID,
  SERVER_RENDERED_DATA,
  SERVER_RENDERED_MARKUP,
} from '@hackclass/contracts/server-rendered-pages';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { chunkOfModule, chunksOf, modulePreloadsOf, withImports } from './bundle-graph';
import type { PrerenderedPath } from './src/prerender/pages';

/** The renderers' sources, by the name of the module each is built into. */
const RENDERERS = {
  pages: 'src/prerender/pages.tsx',
  'signed-in-pages': 'src/prerender/signed-in-pages.tsx',
};
export const RENDERER_DIR = 'dist-server';

interface PrerenderedPage {
  /** The page's file beside index.html; the server sends it at its path. */
  fileName: string;
  /** The modules of the page's routes: their chunks are asked for once it has painted. */
  routes: string[];
  /**
   * Rendered by the build, at this path; or a page the server renders for its user: the file
   * is then the frame it renders into (SERVER_RENDERED_MARKUP, SERVER_RENDERED_DATA).
   */
  render: { by: 'build'; path: PrerenderedPath } | { by: 'server' };
  /**
   * Guests only: a visitor the browser may hold a session for gets the app's own page. Users
   * only: one the browser holds no session of the page's user for gets it too.
   */
  audience?: 'guests' | 'users';
}

/**
 * A signed-in page's controls do nothing until the app has taken the page over, so none takes a
 * press it would lose: a press reaches them once they work (links work from the first paint).
 */
const INERT_UNTIL_TAKEN_OVER =
  '#root[data-prerendered] :is(button,input,select,textarea,[role="tab"],[role="button"]){pointer-events:none}';

const signedInLayout = [
  'src/features/auth/components/guards.tsx',
  'src/app/layouts/dashboard-layout.tsx',
];

const PAGES: PrerenderedPage[] = [
  {
    fileName: 'home.html',
    routes: ['src/app/routes/home.tsx'],
    render: { by: 'build', path: '/' },
  },
  {
    fileName: 'login.html',
    routes: [
      'src/app/layouts/auth-layout.tsx',
      'src/features/auth/components/guards.tsx',
      'src/app/routes/auth/login.tsx',
    ],
    render: { by: 'build', path: '/login' },
    audience: 'guests',
  },
  {
    fileName: 'dashboard.html',
    routes: [...signedInLayout, 'src/app/routes/app/dashboard.tsx'],
    render: { by: 'server' },
    audience: 'users',
  },
  {
    fileName: 'classroom.html',
    routes: [
      ...signedInLayout,
      'src/app/routes/app/classrooms/classroom.tsx',
      'src/app/routes/app/classrooms/overview.tsx',
    ],
    render: { by: 'server' },
    audience: 'users',
  },
];

/**
 * The pages' renderer, built for Node with every package it uses inside, into `RENDERER_DIR`
 * beside the app's build: the build renders home and login with it, and the server the
 * signed-in pages (apps/server/src/signed-in-pages.ts).
 */
async function buildRenderer(root: string): Promise<string> {
  const outDir = join(root, RENDERER_DIR);
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { tsconfigPaths: true },
    // React's production build whatever the server's NODE_ENV: its development build renders
    // a page about three times slower, and warns.
    define: {
      __BUILD_ID__: JSON.stringify('server'),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    ssr: { noExternal: true, target: 'node' },
    publicDir: false,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      write: true,
      rolldownOptions: { input: RENDERERS, output: { entryFileNames: '[name].js' } },
    },
  });
  return outDir;
}

/** Each page's HTML, rendered by the renderer of `PAGES`. */
async function renderPages(root: string): Promise<Map<PrerenderedPath, string>> {
  const outDir = await buildRenderer(root);
  const { renderPage } = (await import(pathToFileURL(join(outDir, 'pages.js')).href)) as {
    renderPage: (path: PrerenderedPath) => string;
  };
  return new Map(
    PAGES.flatMap(({ render }) =>
      render.by === 'build' ? [[render.path, renderPage(render.path)] as const] : [],
    ),
  );
}

/**
 * The prerendered page's own script, at the end of its body. Until the app takes the page over
 * (main.tsx), a form sent is held rather than sent by the browser (it would put a password in
 * the URL), and marked for the app to send; a press under way marks the page (`data-pressed`,
 * gone once its click is done), so that the app does not take it over between the press and the
 * release, which would then click nothing. `load` runs once the page has painted its first
 * content, or at once when it shows none: a page for guests only is emptied for a visitor who
 * may be signed in (the key is the identity SDK's, as in saved-session.ts), and a signed-in
 * page the server rendered, for a visitor whose browser holds no session of the page's user.
 */
function pageScript(load: string, audience: PrerenderedPage['audience']): string {
  const empty = `root.removeAttribute('data-prerendered');root.replaceChildren();document.getElementById(${JSON.stringify(PAGE_DATA_ID)})?.remove()`;
  // The app then has the server drop the session it rendered the page for (see main.tsx).
  const forAnother = `${empty};root.setAttribute('data-rendered-for-another','')`;
  const saved =
    `const saved=(storage,uid)=>Object.keys(storage).some((key)=>key.startsWith('firebase:authUser:')` +
    `&&(uid===undefined||JSON.parse(storage.getItem(key)??'{}').uid===uid));`;
  const emptyFor =
    audience === 'guests'
      ? `try{${saved}if(saved(localStorage)||saved(sessionStorage)){${empty}}}catch{}`
      : audience === 'users'
        ? `try{${saved}const {account}=JSON.parse(document.getElementById(${JSON.stringify(PAGE_DATA_ID)})?.textContent??'{}');` +
          `if(!account||!(saved(localStorage,account.uid)||saved(sessionStorage,account.uid))){${forAnother}}}catch{${forAnother}}`
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
    emptyFor +
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

      for (const { fileName, routes, render, audience } of PAGES) {
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
            `${pageStyles.map((file) => `  <link rel="stylesheet" crossorigin href="/${file}">\n`).join('')}${render.by === 'server' ? `  <style>${INERT_UNTIL_TAKEN_OVER}</style>\n` : ''}  </head>`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered>${render.by === 'build' ? rendered.get(render.path) : SERVER_RENDERED_MARKUP}</div>`,
          )
          .replace(
            '</body>',
            `${render.by === 'server' ? `  ${SERVER_RENDERED_DATA}\n` : ''}  <script>${pageScript(load, audience)}</script>\n  </body>`,
          );
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
};
