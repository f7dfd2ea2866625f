import { finished } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** How long the unread rest of an answered request may take to arrive before its connection is cut. */
const UNREAD_BODY_DRAIN_MS = 10_000;

/**
 * Reads and drops what is left of a request's body once it has been answered: an upload refused
 * part way (a full disk, a size limit, a sign-in missing) is answered while the client is still
 * sending. Node does this for a body no handler touched, not for one a parser stopped reading.
 *
 * Closing the connection at once instead would leave the rest unread in the socket, and the
 * kernel answers a close with unread bytes by a reset, which can reach the client before it has
 * read the answer: its upload fails with EPIPE and no answer at all. Drained, the connection then
 * serves the client's next request; a client that has not sent the rest within `drainMs` loses it.
 */
export function drainUnreadBodies(app: FastifyInstance, drainMs = UNREAD_BODY_DRAIN_MS): void {
  app.addHook('onResponse', async (request) => {
    const incoming = request.raw;
    if (incoming.complete || incoming.destroyed) return;
    incoming.unpipe();
    incoming.resume();
    // Checked again when the time is up: by then the connection may be serving the next request.
    const cut = setTimeout(() => {
      if (!incoming.complete) incoming.socket?.destroy();
    }, drainMs);
    cut.unref();
    finished(incoming, () => clearTimeout(cut));
  });
}
