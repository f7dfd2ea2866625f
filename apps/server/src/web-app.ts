import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  StartupError,
  sendNotFound,
  sendSecurityHeaders,
} from '@hackclass/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SIGNED_IN_PAGE_FRAMES, type SignedInPagesOptions, signedInPages } from './signed-in-pages';

export interface WebAppOptions {
  /** The web app's production build: `apps/web/dist`. */
  root: string;
  /** Origins the app calls besides its own: the identity service's, when elsewhere. */
  connectSources?: string[];
  /** Scripts and frames of other origins the pages need (a Firebase project's providers). */
  scriptSources?: string[];
  frameSources?: string[];
  /** Renders the dashboard and a classroom for the page session's user (signed-in-pages.ts). */
  signedInPages?: SignedInPagesOptions;
}

const sendIndex = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.header('cache-control', 'no-cache').sendFile('index.html');

/**
 * Pages the build rendered for a first visit (index.html with the page in it), by the path that
 * serves each. A web root without one (a test's) serves index.html there.
 */
const PRERENDERED_PAGES = { '/': 'home.html', '/login': 'login.html' };

/**
 * For unknown paths: a request for a page gets the app, which shows its own 404 page;
 * any other request gets a problem document.
 */
export function pageOrNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const wantsPage =
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html');
  return wantsPage ? sendIndex(request, reply) : sendNotFound(request, reply);
}

/**
 * Serves the built single-page app. Hashed assets are cached for good; everything else is
 * revalidated so a new build reaches users at once. Files are sent as the build pre-compressed
 * them (brotli, else gzip) to clients that accept it; the compressed copies have no URL of their
 * own. Every answer carries the app's security headers; the CSP admits the inline scripts of the
 * build being served, hashed at start.
 */
export const webApp = fp<WebAppOptions>(
  async (
    app: FastifyInstance,
    { root, connectSources = [], scriptSources, frameSources, signedInPages: rendering },
  ) => {
    const index = join(root, 'index.html');
    if (!existsSync(index)) {
      throw new StartupError(`The web app is not built (no ${index}): run npm run build`);
    }
    const pages = Object.entries(PRERENDERED_PAGES).map(([path, file]) => ({
      path,
      file: existsSync(join(root, file)) ? file : 'index.html',
    }));
    const frames = Object.values(SIGNED_IN_PAGE_FRAMES).filter((file) =>
      existsSync(join(root, file)),
    );
    const policy = contentSecurityPolicy({
      scriptHashes: [
        ...new Set(['index.html', ...pages.map(({ file }) => file), ...frames]),
      ].flatMap((page) => inlineScriptHashes(readFileSync(join(root, page), 'utf8'))),
      connectSources,
      scriptSources,
      frameSources,
    });
    app.addHook('onRequest', async (_request, reply) => sendSecurityHeaders(reply, policy));
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // A prerendered page is the page at its path, not a path of its own.
      globIgnore: [
        '**/*.br',
        '**/*.gz',
        ...Object.values(PRERENDERED_PAGES),
        ...Object.values(SIGNED_IN_PAGE_FRAMES),
      ],
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    for (const { path, file } of pages) {
      app.get(path, (_request, reply) => reply.header('cache-control', 'no-cache').sendFile(file));
    }
    if (rendering) {
      await signedInPages(app, { root, options: rendering, fallback: pageOrNotFound });
    }
  },
  { name: 'web-app' },
);
