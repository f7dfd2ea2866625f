import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import type { RuntimeConfig } from '@hackclass/contracts';
import {
  PAGE_DATA_ID,
  SERVER_RENDERED_DATA,
  SERVER_RENDERED_MARKUP,
} from '@hackclass/contracts/server-rendered-pages';
import { pageSessionCookie } from '@hackclass/http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** One API read of a page: its query's key (the renderer's business) and the path it asks for. */
interface PageRead {
  queryKey: unknown;
  path: string;
}

/** The signed-in account, from the claims of the page session's ID token. */
interface SignedInAccount {
  uid: string;
  email: string;
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
}

/** The web app's renderer of signed-in pages (apps/web/src/prerender/signed-in-pages.tsx). */
export interface SignedInPageRenderer {
  userRead(uid: string): PageRead;
  signedInPageReads(pathname: string, me: { id: string }): PageRead[] | undefined;
  renderSignedInPage(
    pathname: string,
    account: SignedInAccount,
    me: { id: string },
    responses: unknown[],
    config: RuntimeConfig,
  ): { html: string; title: string; data: unknown };
}

export interface SignedInPagesOptions {
  /** The built renderer: `apps/web/dist-server/signed-in-pages.js`. */
  renderer: string;
  runtimeConfig: RuntimeConfig;
  /** The origin users reach: the page session's cookie is named after its scheme. */
  publicUrl: string;
  /** Where the API answers in this process. */
  apiPrefix: string;
}

/** The pages the server renders, each with the frame the build wrote for it. */
export const SIGNED_IN_PAGE_FRAMES = {
  '/dashboard': 'dashboard.html',
  '/classrooms/:classroomId': 'classroom.html',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** JSON inside a `<script>`: no `<` can close it or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (char) => (char === '\u2028' ? '\\u2028' : '\\u2029'));

function accountOf(idToken: string): SignedInAccount | undefined {
  try {
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString());
    if (typeof claims.sub !== 'string' || claims.email_verified !== true) return undefined;
    return {
      uid: claims.sub,
      email: typeof claims.email === 'string' ? claims.email : '',
      emailVerified: true,
      displayName: typeof claims.name === 'string' ? claims.name : null,
      photoUrl: typeof claims.picture === 'string' ? claims.picture : null,
    };
  } catch {
    return undefined;
  }
}

/**
 * The dashboard and a classroom's overview, rendered for the user of the page session (see
 * pageSessionCookie) with their data, as the app first shows them: the page paints from the
 * first answer, before any of the app's code has arrived, and the app then shows the same page
 * over it. The reads go through the API in this process with the session's ID token, from the
 * visitor's own address, so every rule of the API applies to them as to the app's own reads.
 * Without a session, or when a read is refused (the token expired or revoked, a classroom the
 * user may not see), the page is the app's, as for any other path: `fallback`.
 */
export async function signedInPages(
  app: FastifyInstance,
  {
    root,
    options,
    fallback,
  }: {
    root: string;
    options: SignedInPagesOptions;
    fallback: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  },
): Promise<void> {
  const frames = Object.entries(SIGNED_IN_PAGE_FRAMES).map(([path, file]) => ({
    path,
    frame: existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined,
  }));
  if (!existsSync(options.renderer) || frames.some(({ frame }) => frame === undefined)) return;
  const renderer = (await import(pathToFileURL(options.renderer).href)) as SignedInPageRenderer;
  const cookie = pageSessionCookie(options.publicUrl);

  async function render(request: FastifyRequest, frame: string): Promise<string | undefined> {
    const header = request.headers.cookie;
    const idToken = header ? fastifyCookie.parse(header)[cookie.name] : undefined;
    const account = idToken ? accountOf(idToken) : undefined;
    const pathname = request.url.split('?')[0] ?? request.url;
    if (!idToken || !account) return undefined;
    const read = (path: string) =>
      app.inject({
        method: 'GET',
        url: `${options.apiPrefix}${path}`,
        headers: { authorization: `Bearer ${idToken}`, accept: 'application/json' },
        remoteAddress: request.ip,
      });
    // The user first: it checks the session, and the page's reads may need who they are.
    const user = await read(renderer.userRead(account.uid).path);
    if (user.statusCode !== 200) return undefined;
    const me = user.json<{ id: string }>();
    const reads = renderer.signedInPageReads(pathname, me);
    if (!reads) return undefined;
    const responses = await Promise.all(reads.map(({ path }) => read(path)));
    if (responses.some(({ statusCode }) => statusCode !== 200)) return undefined;
    const { html, title, data } = renderer.renderSignedInPage(
      pathname,
      account,
      me,
      responses.map((response) => response.json()),
      options.runtimeConfig,
    );
    return frame
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} | HackClass</title>`)
      .replace(SERVER_RENDERED_MARKUP, () => html)
      .replace(
        SERVER_RENDERED_DATA,
        () => `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(data)}</script>`,
      );
  }

  for (const { path, frame } of frames) {
    app.get(path, async (request, reply) => {
      const wantsPage = (request.headers.accept ?? '').includes('text/html');
      const page =
        frame === undefined || !wantsPage
          ? undefined
          : await render(request, frame).catch((error: unknown) => {
              request.log.error({ err: error }, 'Could not render the signed-in page');
              return undefined;
            });
      if (page === undefined) return fallback(request, reply);
      return reply
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(page);
    });
  }
}
