import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { createWebSocketStream, type WebSocket, WebSocketServer } from 'ws';
import type { Admission, TargetGate, Upstream } from '../gate';
import type { OpenSlots } from '../slots';
import { refuseUpgrade } from '../upgrade';

/** How often an open tunnel checks that its target still runs and its user may still reach it. */
export const TUNNEL_RECHECK_MS = 5_000;

/** WebSocket close code 1008: the tunnel's right ended (target stopped, member removed). */
const POLICY_VIOLATION = 1008;
const TARGET_UNREACHABLE = 1011;

const REFUSALS: Record<number, [reason: string, text: string]> = {
  401: [
    'Unauthorized',
    'This tunnel token does not open this target: copy the connect command again from its lab page in HackClass',
  ],
  429: ['Too Many Requests', 'Too many tunnels are open: close some of your connections first'],
  503: [
    'Service Unavailable',
    'This target is not running, or HackClass cannot check it right now: start it from its lab page in HackClass',
  ],
};

/** The token of an `Authorization: Bearer <token>` header. */
const bearerOf = (header: string | undefined) => /^Bearer ([\x21-\x7e]+)$/i.exec(header ?? '')?.[1];

/**
 * TCP targets' tunnels: a WebSocket on HackClass's own host whose binary messages are the bytes
 * of one TCP connection to the target's published port, which only HackClass reaches. The
 * token rides in a header, which a page's script cannot set on a WebSocket, so no other site
 * can open a tunnel with a student's rights. A tunnel holds one of `slots` (shared with the
 * HTTP targets' WebSockets) while open, and closes after `idleMs` without data either way.
 */
export function tcpTunnels({
  gate,
  log,
  slots,
  idleMs,
}: {
  gate: TargetGate;
  log: FastifyBaseLogger;
  slots: OpenSlots;
  idleMs: number;
}) {
  const server = new WebSocketServer({ noServer: true, perMessageDeflate: false });

  /** The gate's answer, or undefined when the database cannot be read. */
  const admit = (token: string | undefined, targetId: string): Promise<Admission | undefined> =>
    gate.admitTunnel(token, targetId).catch((error: unknown) => {
      log.warn({ err: error, targetId }, 'tcp tunnel: cannot check a tunnel');
      return undefined;
    });

  function bridge(socket: WebSocket, upstream: Upstream, recheck: () => Promise<boolean>) {
    const target = connect({ host: upstream.address, port: upstream.port });
    // Every byte of the tunnel passes through this socket, whichever way it goes.
    target.setTimeout(idleMs, () => target.destroy());
    const stream = createWebSocketStream(socket);
    let connected = false;
    const timer = setInterval(() => {
      recheck().then((allowed) => {
        if (!allowed) socket.close(POLICY_VIOLATION, 'Access to this target ended');
      });
    }, TUNNEL_RECHECK_MS);
    target.once('connect', () => {
      connected = true;
      target.pipe(stream);
      stream.pipe(target);
    });
    target.on('error', () => {
      if (!connected) socket.close(TARGET_UNREACHABLE, 'This target does not answer');
    });
    target.on('close', () => socket.close());
    stream.on('error', () => target.destroy());
    socket.once('close', () => {
      clearInterval(timer);
      target.destroy();
    });
  }

  return {
    /** Answers a tunnel upgrade for `targetId`: refused in plain HTTP, or bridged to the target. */
    async handle(request: IncomingMessage, socket: Duplex, head: Buffer, targetId: string) {
      const token = bearerOf(request.headers.authorization);
      const admission = await admit(token, targetId);
      const refuse = (status: number) => {
        const [reason, text] = REFUSALS[status] ?? REFUSALS[503] ?? ['', ''];
        refuseUpgrade(socket, status, reason, text);
      };
      if (!admission || 'refusal' in admission) {
        refuse(admission?.refusal.status === 401 ? 401 : 503);
        return;
      }
      if (socket.destroyed) return;
      const release = slots.take(admission.userId, targetId);
      if (!release) {
        refuse(429);
        return;
      }
      socket.once('close', release);
      server.handleUpgrade(request, socket, head, (webSocket) => {
        // A check that cannot be made (the database away for a moment) keeps the tunnel open.
        bridge(webSocket, admission.upstream, async () => {
          const again = await admit(token, targetId);
          return !again || !('refusal' in again);
        });
      });
    },

    /** Closes every open tunnel (the server is closing). */
    closeAll() {
      for (const client of server.clients) client.terminate();
    },
  };
}

export type TcpTunnels = ReturnType<typeof tcpTunnels>;
