import { Agent, type IncomingMessage, ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Connection, drizzleOver } from '@hackclass/db';
import type { ServiceContext } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schema } from '../db';
import { forwardRequest } from './forward';
import { type Admission, type TargetGate, targetGate } from './gate';
import { targetHostParser } from './host';
import { PAGES, type ProxyPage, sendOpening, sendPage } from './pages';
import { PROXY_LIMITS, type ProxyLimits } from './proxy-limits';
import { fromAnotherOrigin, targetOriginOf } from './request-origin';
import { requestRate } from './request-rate';
import { labsDomainWarnings } from './site-warnings';
import { openSlots } from './slots';
import { terminalBoxOf } from './terminal/terminal-path';
import type { Terminals } from './terminal/terminal-server';
import { TICKET_PATH } from './tickets';
import { tunnelTargetOf } from './tunnel/tunnel-path';
import { tcpTunnels } from './tunnel/tunnel-server';
import { refuseUpgrade, tunnelUpgrade } from './upgrade';

export interface TargetProxyOptions {
  connection: Connection;
  /** The origin users reach HackClass at (PUBLIC_URL): its scheme is the targets' scheme too. */
  publicUrl: string;
  /** Targets are reached at `<target id>.<labsDomain>` (LABS_DOMAIN). */
  labsDomain: string;
  /** Over PROXY_LIMITS: the operator's LAB_PROXY_REQUESTS_PER_MINUTE, or a test's own. */
  limits?: Partial<ProxyLimits>;
}

export const targetProxyOptionsOf = ({
  config,
  connection,
}: ServiceContext): TargetProxyOptions => ({
  connection,
  publicUrl: config.publicUrl,
  labsDomain: config.labs.domain,
  limits: { requestsPerMinute: config.labs.proxyRequestsPerMinute },
});

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0];

/** The ticket of `/.hackclass/ticket?ticket=…`, if any. */
const ticketOf = (url: string | undefined) =>
  new URLSearchParams((url ?? '').split('?')[1] ?? '').get('ticket') ?? '';

/** Where the API puts its attack box terminals for the proxy's upgrades to reach. */
export interface TerminalSlot {
  current?: Terminals;
}

declare module 'fastify' {
  interface FastifyInstance {
    terminalSlot: TerminalSlot;
  }
}

/** An upgrade refused with a page's status and title, in plain text on the socket. */
const refuseWith = (socket: Duplex, { status, title }: ProxyPage) =>
  refuseUpgrade(socket, status, STATUS_CODES[status] ?? '', title);

/** The gate's answer, or the "cannot check" refusal when the database cannot be read. */
async function admissionOf(
  app: FastifyInstance,
  gate: TargetGate,
  request: IncomingMessage,
  targetId: string,
): Promise<Admission> {
  try {
    return await gate.admit(request.headers.cookie, targetId);
  } catch (error) {
    app.log.warn({ err: error, targetId }, 'target proxy: cannot check a request');
    return { refusal: PAGES.unavailable };
  }
}

/**
 * HackClass's reverse proxy to running HTTP targets, on a host name per target. Requests whose
 * Host is `<target id>.<LABS_DOMAIN>` never reach Fastify: the proxy takes them from the HTTP
 * server first, so that the target gets its path byte for byte (a malformed escape, a path
 * Fastify would route, a body of any size) and none of the app's hooks, limits or page headers
 * touch its answers. WebSocket upgrades of `/api/targets/<id>/tunnel` on HackClass's own host
 * are TCP targets' tunnels, of `/api/targets/<id>/terminal` attack boxes' terminals. Every other request and upgrade goes on to Fastify as before.
 */
export const targetProxy = fp<TargetProxyOptions>(
  async (app: FastifyInstance, { connection, publicUrl, labsDomain, limits: given }) => {
    const server = app.server;
    const listeners = server.listeners('request') as RequestListener[];
    const [fastifyHandler] = listeners;
    if (listeners.length !== 1 || !fastifyHandler) {
      throw new Error('targetProxy must be registered on a server whose only handler is Fastify');
    }
    for (const warning of labsDomainWarnings({ publicUrl, labsDomain })) {
      app.log.warn(`target proxy: ${warning}`);
    }
    const limits = { ...PROXY_LIMITS, ...given };
    const proto = new URL(publicUrl).protocol.slice(0, -1);
    const gate = targetGate(drizzleOver(connection, schema), { secure: proto === 'https' });
    const targetIdOf = targetHostParser(labsDomain);
    const agent = new Agent({ keepAlive: true });
    const tunnels = new Set<Duplex>();
    const tunnelSlots = openSlots({
      perUser: limits.tunnelsPerUser,
      perTarget: limits.tunnelsPerTarget,
    });
    const requestSlots = openSlots({ perUser: limits.requestsInFlight });
    const rate = requestRate(limits.requestsPerMinute);
    const tcp = tcpTunnels({ gate, log: app.log, slots: tunnelSlots, idleMs: limits.tunnelIdleMs });
    // The API, registered after the proxy, fills it in.
    const terminalSlot: TerminalSlot = {};
    app.decorate('terminalSlot', terminalSlot);

    /** A pass is good for requests from the target's own pages only. */
    const fromElsewhere = (request: IncomingMessage) =>
      fromAnotherOrigin(request.headers, targetOriginOf(proto, request.headers.host));

    async function exchangeTicket(
      request: IncomingMessage,
      response: ServerResponse,
      targetId: string,
    ) {
      if (request.method !== 'GET') {
        response.setHeader('allow', 'GET');
        sendPage(response, PAGES.getOnly, publicUrl);
        return;
      }
      const cookie = await gate.exchange(ticketOf(request.url), targetId);
      if (!cookie) {
        sendPage(response, PAGES.ticketRefused, publicUrl);
        return;
      }
      // A page that goes on by itself, not a redirect: the browser keeps the site of whoever
      // started a redirect chain (HackClass, another site), so a redirected request would say
      // `Sec-Fetch-Site: cross-site` and be refused, where the page's own is `same-origin`.
      sendOpening(response, cookie);
    }

    async function proxyRequest(
      request: IncomingMessage,
      response: ServerResponse,
      targetId: string,
    ) {
      if (pathOf(request.url) === TICKET_PATH) {
        await exchangeTicket(request, response, targetId);
        return;
      }
      if (fromElsewhere(request)) {
        sendPage(response, PAGES.otherSite, publicUrl);
        return;
      }
      const admission = await admissionOf(app, gate, request, targetId);
      if ('refusal' in admission) {
        sendPage(response, admission.refusal, publicUrl);
        return;
      }
      const wait = rate.take(admission.userId);
      if (wait > 0) {
        response.setHeader('retry-after', String(wait));
        sendPage(response, PAGES.tooMany, publicUrl);
        return;
      }
      // The browser left while the cookie was checked: nothing to pass on.
      if (request.socket.destroyed) return;
      const release = requestSlots.take(admission.userId, targetId);
      if (!release) {
        sendPage(response, PAGES.tooMany, publicUrl);
        return;
      }
      response.once('close', release);
      forwardRequest(request, response, admission.upstream, {
        agent,
        proto,
        onUnreachable: (error) => {
          app.log.info({ err: error, targetId }, 'target proxy: the target does not answer');
          sendPage(response, PAGES.noAnswer, publicUrl);
        },
      });
    }

    async function proxyUpgrade(
      request: IncomingMessage,
      socket: Duplex,
      head: Buffer,
      targetId: string,
    ) {
      if (fromElsewhere(request)) {
        refuseWith(socket, PAGES.otherSite);
        return;
      }
      const admission = await admissionOf(app, gate, request, targetId);
      if ('refusal' in admission) {
        refuseWith(socket, admission.refusal);
        return;
      }
      // The browser left while the cookie was checked: no connection to open.
      if (socket.destroyed) return;
      const release =
        rate.take(admission.userId) === 0
          ? tunnelSlots.take(admission.userId, targetId)
          : undefined;
      if (!release) {
        refuseWith(socket, PAGES.tooMany);
        return;
      }
      socket.once('close', release);
      tunnelUpgrade(request, socket, head, admission.upstream, {
        proto,
        open: tunnels,
        idleMs: limits.tunnelIdleMs,
      });
    }

    server.removeListener('request', fastifyHandler);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      const targetId = targetIdOf(request.headers.host);
      if (!targetId) {
        fastifyHandler(request, response);
        return;
      }
      proxyRequest(request, response, targetId).catch((error: unknown) => {
        app.log.error({ err: error, targetId }, 'target proxy: request failed');
        if (response.headersSent) response.destroy();
        else sendPage(response, PAGES.unavailable, publicUrl);
      });
    });

    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      const targetId = targetIdOf(request.headers.host);
      if (targetId) {
        socket.on('error', () => socket.destroy());
        proxyUpgrade(request, socket, head, targetId).catch((error: unknown) => {
          app.log.error({ err: error, targetId }, 'target proxy: upgrade failed');
          socket.destroy();
        });
        return;
      }
      const tunnelTarget = tunnelTargetOf(request.url);
      if (tunnelTarget) {
        socket.on('error', () => socket.destroy());
        tcp.handle(request, socket, head, tunnelTarget).catch((error: unknown) => {
          app.log.error({ err: error, targetId: tunnelTarget }, 'tcp tunnel: upgrade failed');
          socket.destroy();
        });
        return;
      }
      const terminalBox = terminalBoxOf(request.url);
      if (terminalBox) {
        socket.on('error', () => socket.destroy());
        const boxTerminals = terminalSlot.current;
        if (!boxTerminals) {
          refuseUpgrade(socket, 503, 'Service Unavailable', 'Terminals are not ready yet');
          return;
        }
        boxTerminals.handle(request, socket, head, terminalBox).catch((error: unknown) => {
          app.log.error({ err: error, boxId: terminalBox }, 'terminal: upgrade failed');
          socket.destroy();
        });
        return;
      }
      // Other upgrades of HackClass's own hosts are someone else's; with no one else listening, Node
      // would have passed them to Fastify as plain requests, so they still go there, answered
      // once and closed.
      if (server.listenerCount('upgrade') > 1) return;
      const response = new ServerResponse(request);
      response.shouldKeepAlive = false;
      response.assignSocket(socket as never);
      response.once('finish', () => socket.end());
      fastifyHandler(request, response);
    });

    app.addHook('preClose', async () => {
      for (const socket of tunnels) socket.destroy();
      tunnels.clear();
      tcp.closeAll();
    });
    app.addHook('onClose', async () => agent.destroy());
  },
  { name: 'target-proxy' },
);
