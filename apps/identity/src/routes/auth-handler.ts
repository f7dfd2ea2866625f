import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context';
import { idpSignIns } from '../db/schema';
import { answerSignIn } from '../federation/provider-answer';
import { HANDLER_PATH, SIGN_IN_TRIP_MS, startSignIn } from '../federation/start-sign-in';
import { ProtocolError } from '../protocol/errors';
import { secretHash } from '../tokens/secrets';

/** Holds the trip's session id in the browser that started it, for the handler alone. */
const TRIP_COOKIE = 'hackclass_idp_trip';

type Query = Record<string, string | undefined>;

/** The query's single values: a repeated parameter (`state=a&state=b`) counts as absent. */
function queryOf(request: FastifyRequest): Query {
  return Object.fromEntries(
    Object.entries(request.query as Record<string, unknown>).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : undefined,
    ]),
  );
}

function tripCookie(ctx: IdentityContext, value: string, maxAgeSeconds: number): string {
  const secure = new URL(ctx.publicUrl).protocol === 'https:' ? '; Secure' : '';
  return `${TRIP_COOKIE}=${value}; Path=${HANDLER_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

function cookieValue(request: FastifyRequest): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TRIP_COOKIE) return value.join('=');
  }
  return undefined;
}

/** A return address in the app: on the service's public origin, never elsewhere. */
function appAddress(ctx: IdentityContext, value: string | undefined): URL | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (url.origin !== new URL(ctx.publicUrl).origin) return undefined;
  url.hash = '';
  return url;
}

/** Back to the app, the outcome in the fragment: never sent to a server, nor in a Referer. */
function backToApp(reply: FastifyReply, returnUrl: URL, outcome: Record<string, string>) {
  returnUrl.hash = new URLSearchParams(outcome).toString();
  return reply.redirect(returnUrl.href, 303);
}

function problemOf(error: unknown): { error: string; message: string } {
  if (!(error instanceof ProtocolError)) throw error;
  const [code = 'INTERNAL', ...detail] = error.message.split(' : ');
  return { error: code, message: detail.join(' : ') };
}

/**
 * The auth handler page, `/__/auth/handler`, as a Firebase project's auth domain serves it: the
 * app sends the person here to start a sign-in at a provider, and the provider sends them back
 * here with its answer. The answer is checked here (state against the browser's trip cookie,
 * code redeemed once, ID token verified), then the app receives a pending token for
 * signInWithIdp, with the app's own event id so that it takes only the sign-ins it started.
 */
export async function authHandlerRoutes(app: FastifyInstance, { ctx }: { ctx: IdentityContext }) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });

  app.get(HANDLER_PATH, async (request, reply) => {
    const query = queryOf(request);
    if (query.state !== undefined || query.error !== undefined || query.code !== undefined) {
      return finish(request, reply, query);
    }
    const returnUrl = appAddress(ctx, query.redirectUrl);
    if (query.apiKey !== ctx.apiKey || !returnUrl || !query.providerId || !query.eventId) {
      return reply
        .code(400)
        .type('text/plain; charset=utf-8')
        .send(
          'This sign-in link is not valid: go back to HackClass and choose your provider again.',
        );
    }
    const eventId = query.eventId.slice(0, 128);
    try {
      const { authUri, sessionId } = await startSignIn(ctx, {
        ip: request.ip,
        providerId: query.providerId.slice(0, 64),
        returnUrl: returnUrl.href,
        eventId,
      });
      reply.header('set-cookie', tripCookie(ctx, sessionId, SIGN_IN_TRIP_MS / 1000));
      return reply.redirect(authUri, 303);
    } catch (error) {
      return backToApp(reply, returnUrl, {
        eventId,
        providerId: query.providerId,
        ...problemOf(error),
      });
    }
  });

  async function finish(request: FastifyRequest, reply: FastifyReply, query: Query) {
    const [trip] = query.state
      ? await ctx.db
          .select()
          .from(idpSignIns)
          .where(eq(idpSignIns.stateHash, secretHash(query.state)))
      : [];
    const returnUrl =
      appAddress(ctx, trip?.returnUrl ?? undefined) ?? new URL('/login', ctx.publicUrl);
    const about = { eventId: trip?.eventId ?? '', providerId: trip?.providerId ?? '' };
    reply.header('set-cookie', tripCookie(ctx, '', 0));
    const sessionId = cookieValue(request);
    if (!trip || !sessionId || secretHash(sessionId) !== trip.sessionHash) {
      return backToApp(reply, returnUrl, {
        ...about,
        error: 'INVALID_IDP_RESPONSE',
        message:
          'This sign-in was started in another browser, or has already been used: start again',
      });
    }
    try {
      const requestUri = new URL(request.url, ctx.publicUrl).href;
      const { pendingToken } = await answerSignIn(ctx, { sessionId, requestUri });
      return backToApp(reply, returnUrl, { ...about, pendingToken });
    } catch (error) {
      return backToApp(reply, returnUrl, { ...about, ...problemOf(error) });
    }
  }
}
