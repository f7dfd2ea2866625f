import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiErrors } from '../errors';
import { principalOf } from '../plugins/authentication';
import type { Principal } from '../users/principal';

/** Proxies and load balancers drop connections idle for a minute or so; a comment line resets that. */
export const HEARTBEAT_MS = 25_000;
/** How long the browser waits before it reconnects after the stream ended. */
export const RETRY_MS = 3_000;

/** A person has a few tabs open; more streams of one route than this are a leak or a script. */
export const MAX_STREAMS_PER_USER = 5;

export const HEARTBEAT_FRAME = ': heartbeat\n\n';
export const eventFrame = (event: { type: string }) =>
  `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;

/** The OpenAPI answer of an event stream route. */
export const eventStreamResponse = {
  description: 'An event stream that stays open',
  content: {
    'text/event-stream': {
      schema: z.string().describe('`event:` and `data:` frames, heartbeat comments'),
    },
  },
};

/** What a route's `watch` gets: write an event to the stream, or end it. */
export interface OpenStream<Event extends { type: string }> {
  write(event: Event): void;
  end(): void;
}

/** An API token is looked up again by the stream's reconnection: revoked, it is refused then. */
const API_TOKEN_STREAM_MS = 60 * 60_000;

/** When a stream opened with this principal's token ends, in milliseconds since the epoch. */
const streamEndOf = (principal: Principal) =>
  principal.via === 'id-token'
    ? principal.token.expiresAt * 1000
    : Math.min(principal.apiToken.expiresAt.getTime(), Date.now() + API_TOKEN_STREAM_MS);

/**
 * The server-sent event streams of one route (`name`): at most `MAX_STREAMS_PER_USER` per user,
 * counted across replicas where they share Redis (`app.streamSlots`), each ended when the
 * caller's token expires (an API token's after an hour at most) or the server closes.
 */
export function eventStreams(app: FastifyInstance, name: string) {
  const open = new Map<PassThrough, ServerResponse>();

  // Closing waits for the requests in flight, so the streams end before it starts waiting
  // (preClose); onClose would be too late.
  app.addHook('preClose', async () => {
    const responses = [...open.values()].map((response) => finished(response).catch(() => {}));
    for (const stream of open.keys()) stream.end();
    await Promise.all(responses);
  });

  /**
   * Answers with an event stream for the caller; `watch` subscribes it to its events and
   * returns the function that unsubscribes, called when the stream ends.
   */
  return async function openStream<Event extends { type: string }>(
    request: FastifyRequest,
    reply: FastifyReply,
    watch: (stream: OpenStream<Event>) => () => void,
  ) {
    const principal = principalOf(request);
    const { user } = principal;
    const release = await app.streamSlots.take(`${name}:${user.id}`, MAX_STREAMS_PER_USER);
    if (!release) throw apiErrors.tooManyStreams(MAX_STREAMS_PER_USER);
    const stream = new PassThrough();
    const heartbeat = setInterval(() => stream.write(HEARTBEAT_FRAME), HEARTBEAT_MS);
    // The token was checked once: the stream does not outlive it.
    const expiry = setTimeout(() => stream.end(), streamEndOf(principal) - Date.now());
    const unsubscribe = watch({
      write: (event) => void stream.write(eventFrame(event)),
      end: () => void stream.end(),
    });
    open.set(stream, reply.raw);
    app.metrics.openEventStreams.inc();
    // Ended by the server, or destroyed by Fastify when the client went away.
    stream.once('close', () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      open.delete(stream);
      app.metrics.openEventStreams.dec();
      release();
    });
    stream.write(`retry: ${RETRY_MS}\n\n`);
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // The schema describes the frames for the document; Fastify pipes a stream unserialised.
        .send(stream as unknown as string)
    );
  };
}
