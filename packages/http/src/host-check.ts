import type { ServerConfig } from '@hackclass/config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './http-error';
import { sendProblem } from './problem';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered whatever the Host: orchestrators and scrapers address a replica by its IP. */
    anyHost?: true;
  }
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header's name and port, lower-case; undefined unless it is a plain `name[:port]`. */
function hostParts(host: string | undefined): { name: string; port?: string } | undefined {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(host?.toLowerCase() ?? '');
  if (!match?.[1]) return undefined;
  return match[2] === undefined ? { name: match[1] } : { name: match[1], port: match[2] };
}

/** Whether a Host header is `localhost`, `127.0.0.1` or `[::1]`, with any port or none. */
export function isLoopbackHost(host: string | undefined): boolean {
  const parts = hostParts(host);
  return parts !== undefined && LOOPBACK_NAMES.has(parts.name);
}

/**
 * Where HackClass's own services reach one another besides PUBLIC_URL: the identity service at
 * IDENTITY_URL and, unless accounts live in a Firebase project, its keys at IDENTITY_JWKS_URL.
 */
export function serviceOriginsOf(config: ServerConfig): string[] {
  return [config.identity.url, ...(config.firebase ? [] : [config.idTokens.jwksUrl])];
}

/**
 * Whether a Host header names one of `origins` (its port included: a Host without one stands
 * for an origin on its scheme's default port), or a loopback name. Loopback names are taken at
 * any port: no page elsewhere can make a browser send one, while a dev server, a same-host proxy
 * or a test reaches the server as `localhost` or `127.0.0.1` on a port of its own.
 */
export function hostAllowList(origins: string[]): (host: string | undefined) => boolean {
  const allowed = new Set<string>();
  for (const origin of origins) {
    const url = new URL(origin);
    const defaultPort = url.protocol === 'https:' ? '443' : '80';
    allowed.add(`${url.hostname}:${url.port || defaultPort}`);
    if (!url.port) allowed.add(url.hostname);
  }
  return (host) => {
    const parts = hostParts(host);
    if (!parts) return false;
    if (LOOPBACK_NAMES.has(parts.name)) return true;
    return allowed.has(parts.port === undefined ? parts.name : `${parts.name}:${parts.port}`);
  };
}

/**
 * Refuses, with 421 Misdirected Request (RFC 9110 §15.5.20), a request whose Host is none of
 * this HackClass's: DNS rebinding points a name of the attacker's at the server, and a name
 * answered by mistake (`x.<target id>.<labs domain>`) would serve the app on a target's site.
 * Live targets' hosts never get here: the target proxy takes them before Fastify.
 */
export const hostCheck = fp<{ publicUrl: string; serviceOrigins: string[] }>(
  async (app: FastifyInstance, { publicUrl, serviceOrigins }) => {
    const allowed = hostAllowList([publicUrl, ...serviceOrigins]);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.anyHost || allowed(request.headers.host)) return;
      return sendProblem(
        reply,
        new HttpError(
          421,
          'misdirected_request',
          'Misdirected request',
          `This server does not answer for that host name; HackClass is at ${publicUrl}`,
        ),
      );
    });
  },
  { name: 'host-check' },
);
