import { Agent, type IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Connection, drizzleOver } from '@hackclass/db';
import type { ServiceContext } from '@hackclass/http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { schema } from '../../db';
import { forwardRequest } from './forward';
import { type Admission, type TargetGate, targetGate } from './gate';
import { targetHostParser } from './host';
import { OWN_HEADERS, PAGES, sendPage } from './pages';
import { TICKET_PATH } from './tickets';
import { refuseUpgrade, tunnelUpgrade } from './tunnel';

export interface TargetProxyOptions {
  connection: Connection;
  /** The origin users reach HackClass at (PUBLIC_URL): its scheme is the targets' scheme too. */
  publicUrl: string;
  /** Targets are reached at `<target id>.<labsDomain>` (LABS_DOMAIN). */
  labsDomain: string;
}

export const targetProxyOptionsOf = ({
  config,
  connection,
}: ServiceContext): TargetProxyOptions => ({
  connection,
  publicUrl: config.publicUrl,
  labsDomain: config.labs.domain,
});

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

const pathOf = (url: string | undefined) => (url ?? '/').split('?')[0];

/** The ticket of `/.hackclass/ticket?ticket=…`, if any. */
const ticketOf = (url: string | undefined) =>
  new URLSearchParams((url ?? '').split('?')[1] ?? '').get('ticket') ?? '';

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
 * touch its answers. Every other request and upgrade goes on to Fastify as before.
 */
export const targetProxy = fp<TargetProxyOptions>(
  async (app: FastifyInstance, { connection, publicUrl, labsDomain }) => {
    const server = app.server;
    const listeners = server.listeners('request') as RequestListener[];
    const [fastifyHandler] = listeners;
    if (listeners.length !== 1 || !fastifyHandler) {
      throw new Error('targetProxy must be registered on a server whose only handler is Fastify');
    }
    const proto = new URL(publicUrl).protocol.slice(0, -1);
    const gate = targetGate(drizzleOver(connection, schema), { secure: proto === 'https' });
    const targetIdOf = targetHostParser(labsDomain);
    const agent = new Agent({ keepAlive: true });
    const tunnels = new Set<Duplex>();

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
      response.writeHead(303, { ...OWN_HEADERS, location: '/', 'set-cookie': cookie });
      response.end();
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
      const admission = await admissionOf(app, gate, request, targetId);
      if ('refusal' in admission) {
        sendPage(response, admission.refusal, publicUrl);
        return;
      }
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
      const admission = await admissionOf(app, gate, request, targetId);
      if ('refusal' in admission) {
        const { status, title } = admission.refusal;
        refuseUpgrade(
          socket,
          status,
          status === 401 ? 'Unauthorized' : 'Service Unavailable',
          title,
        );
        return;
      }
      tunnelUpgrade(request, socket, head, admission.upstream, { proto, open: tunnels });
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
      // Upgrades of HackClass's own hosts are someone else's; with no one else listening, Node
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
    });
    app.addHook('onClose', async () => agent.destroy());
  },
  { name: 'target-proxy' },
);
