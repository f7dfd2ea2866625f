import {
  type Agent,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { Upstream } from './gate';
import { requestHeadersForTarget, responseHeadersFromTarget } from './headers';

/**
 * The target's reason phrase if Node may send it on: the parser lets through characters (DEL,
 * say) that `writeHead` refuses by throwing, which a target could use to crash HackClass.
 */
const fitReason = (reason: string | undefined) =>
  reason !== undefined && /^[\t\x20-\x7e\x80-\xff]*$/.test(reason) ? reason : undefined;

export interface ForwardOptions {
  agent: Agent;
  /** The scheme users reach HackClass by, for X-Forwarded-Proto. */
  proto: string;
  /** Called when the target cannot be reached before anything was answered. */
  onUnreachable(error: Error): void;
}

/**
 * Passes one request to the target and its answer back, both bodies streamed as they come:
 * a large upload or download never sits in memory. The path goes exactly as the client sent it.
 * The caller has checked that the browser is still connected.
 */
export function forwardRequest(
  request: IncomingMessage,
  response: ServerResponse,
  { address, port }: Upstream,
  { agent, proto, onUnreachable }: ForwardOptions,
): void {
  const outgoing = httpRequest({
    host: address,
    port,
    method: request.method,
    path: request.url,
    headers: requestHeadersForTarget(request.rawHeaders, {
      clientAddress: request.socket.remoteAddress,
      proto,
    }),
    agent,
    setHost: false,
  });
  outgoing.on('response', (incoming) => {
    try {
      response.writeHead(
        incoming.statusCode ?? 502,
        fitReason(incoming.statusMessage),
        responseHeadersFromTarget(incoming.rawHeaders),
      );
    } catch (error) {
      // Whatever the target sends, HackClass must not throw: a page of ours instead (writeHead
      // keeps the refused reason phrase, which would refuse the page too).
      response.statusMessage = '';
      incoming.destroy();
      onUnreachable(error as Error);
      return;
    }
    incoming.pipe(response);
    incoming.on('error', () => response.destroy());
  });
  outgoing.on('error', (error) => {
    // Destroyed because the browser went away: there is no one left to answer.
    if (response.destroyed) return;
    if (response.headersSent) response.destroy();
    else onUnreachable(error);
  });
  request.on('error', () => outgoing.destroy());
  // The browser went away before the whole answer: the target's connection is freed at once.
  response.on('close', () => {
    if (!response.writableFinished) outgoing.destroy();
  });
  request.pipe(outgoing);
}
