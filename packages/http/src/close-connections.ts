import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Lets a closing server stop as soon as its last answer is sent. Fastify closes idle keep-alive
 * connections when it closes, but Node counts a connection that has not sent its first request
 * as busy until its headers timeout (a minute) runs out: a browser's speculative connection, or
 * a spare one an HTTP client opened, would hold the close that long. Such connections are
 * dropped on close (a client whose request was just on its way sends it again), as is any that
 * arrives while closing; answers under way end their keep-alive connections.
 */
export function closeConnectionsPromptly(app: FastifyInstance): void {
  let closing = false;
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    if (closing) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
