import {
  createServer,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import { type EngineCall, engineCallOf } from './engine-calls';
import { containerProblem, execProblem, isHackclassObject, networkProblem } from './engine-policy';

/** The largest body checked: a container's settings are a few kB. */
const MAX_BODY_BYTES = 1_048_576;

/** A request the proxy refuses, with the sentence the driver's error carries. */
class Refusal extends Error {
  constructor(
    message: string,
    readonly status = 403,
  ) {
    super(message);
  }
}

export interface EngineProxyOptions {
  /** The engine's own socket, e.g. `/var/run/docker.sock`. */
  engineSocket: string;
}

/**
 * An Engine API proxy that passes on the calls the Docker driver makes and nothing else: on
 * HackClass's own containers, execs and networks only (by their labels, asked of the engine),
 * new containers and networks only with the driver's confinement, and listings narrowed to
 * HackClass's objects. Whoever holds its socket can run targets as HackClass does, and cannot
 * take the host: no privileged container, no host path, no host namespace, no exec into
 * another's container. For a HackClass in a container of its own (compose.targets.yaml).
 */
export function engineProxy({ engineSocket }: EngineProxyOptions): Server {
  /** One JSON read of the engine, or undefined where it has no such object. */
  const inspect = (path: string) =>
    new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
      const asked = request({ socketPath: engineSocket, path, method: 'GET' }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) return resolve(undefined);
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      });
      asked.on('error', reject);
      asked.end();
    });

  const labelsOf = (object: Record<string, unknown> | undefined, key: 'Config' | 'self') => {
    if (!object) return undefined;
    const holder = key === 'self' ? object : object.Config;
    return (holder as { Labels?: unknown } | undefined)?.Labels;
  };

  const ownContainer = async (id: string) => {
    const container = await inspect(`/containers/${encodeURIComponent(id)}/json`);
    if (!container) throw new Refusal(`No such container: ${id}`, 404);
    if (!isHackclassObject(labelsOf(container, 'Config'))) {
      throw new Refusal(`The container ${id} is not HackClass’s`);
    }
  };

  /** Checks what a call reaches, and its body where the call's settings matter. */
  async function check(call: EngineCall, url: URL, body: () => Promise<unknown>): Promise<void> {
    const refuseIf = (problem: string | undefined) => {
      if (problem) throw new Refusal(`HackClass’s engine proxy refuses this: ${problem}`);
    };
    switch (call.kind) {
      case 'engine':
      case 'list':
        return;
      case 'pull':
        return refuseIf(
          url.searchParams.has('fromImage') && !url.searchParams.has('fromSrc')
            ? undefined
            : 'an image comes from a registry only',
        );
      case 'create-container':
        return refuseIf(containerProblem(await body()));
      case 'create-network':
        return refuseIf(networkProblem(await body()));
      case 'container':
        await ownContainer(call.id);
        if (call.body === 'exec') refuseIf(execProblem(await body()));
        return;
      case 'exec': {
        const exec = await inspect(`/exec/${encodeURIComponent(call.id)}/json`);
        if (!exec) throw new Refusal(`No such exec instance: ${call.id}`, 404);
        return ownContainer(String(exec.ContainerID ?? ''));
      }
      case 'network': {
        const network = await inspect(`/networks/${encodeURIComponent(call.id)}`);
        if (!network) throw new Refusal(`network ${call.id} not found`, 404);
        if (!isHackclassObject(labelsOf(network, 'self'))) {
          throw new Refusal(`The network ${call.id} is not HackClass’s`);
        }
        if (call.body === 'connect') {
          const { Container } = ((await body()) ?? {}) as { Container?: unknown };
          await ownContainer(String(Container ?? ''));
        }
        return;
      }
    }
  }

  /** The path to ask the engine: as asked, a listing narrowed to HackClass's objects. */
  const forwardedPath = (call: EngineCall, url: URL) => {
    if (call.kind === 'list') {
      let filters: Record<string, unknown> = {};
      try {
        filters = JSON.parse(url.searchParams.get('filters') ?? '{}');
      } catch {
        throw new Refusal('The listing’s filters are not JSON', 400);
      }
      if (filters.label !== undefined && !Array.isArray(filters.label)) {
        throw new Refusal('The listing’s label filter is not a list', 400);
      }
      const labels = Array.isArray(filters.label) ? filters.label.map(String) : [];
      filters.label = [...labels, 'hackclass.deployment'];
      url.searchParams.set('filters', JSON.stringify(filters));
    }
    return `${url.pathname}${url.search}`;
  };

  /** Reads the request's body once, for a check and for the engine. */
  const bodyReader = (incoming: IncomingMessage) => {
    let read: Promise<Buffer> | undefined;
    const bytes = () => {
      read ??= new Promise<Buffer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) reject(new Refusal('The request’s body is too large', 413));
          else chunks.push(chunk);
        });
        incoming.on('end', () => resolve(Buffer.concat(chunks)));
        incoming.on('error', reject);
      });
      return read;
    };
    const json = async (): Promise<unknown> => {
      const buffered = await bytes();
      if (buffered.length === 0) return undefined;
      try {
        return JSON.parse(buffered.toString('utf8'));
      } catch {
        throw new Refusal('The request’s body is not JSON', 400);
      }
    };
    return { json, read: () => read };
  };

  const refused = (response: ServerResponse, error: unknown) => {
    const refusal =
      error instanceof Refusal ? error : new Refusal('The engine could not be asked', 502);
    if (response.headersSent) return response.destroy();
    response.writeHead(refusal.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: refusal.message }));
  };

  /** The call a request makes, refused when the driver never makes it. */
  const callOf = (incoming: IncomingMessage) => {
    const url = new URL(incoming.url ?? '/', 'http://engine');
    const call = engineCallOf(incoming.method ?? 'GET', url.pathname);
    if (!call) {
      throw new Refusal(
        `HackClass’s engine proxy refuses ${incoming.method} ${url.pathname}: HackClass never asks for it`,
      );
    }
    return { call, url };
  };

  const server = createServer(async (incoming, response) => {
    try {
      const { call, url } = callOf(incoming);
      const body = bodyReader(incoming);
      await check(call, url, body.json);
      const headers = { ...incoming.headers };
      const asked = request(
        {
          socketPath: engineSocket,
          method: incoming.method,
          path: forwardedPath(call, url),
          headers,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      asked.on('error', (error) => refused(response, error));
      response.on('close', () => asked.destroy());
      const buffered = body.read();
      if (buffered) asked.end(await buffered);
      else incoming.pipe(asked);
    } catch (error) {
      refused(response, error);
    }
  });

  // Attaching to a container and starting an exec take the connection over (`Upgrade: tcp`):
  // once checked, the bytes go both ways untouched.
  server.on('upgrade', async (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    try {
      const { call, url } = callOf(incoming);
      if (call.kind !== 'container' && call.kind !== 'exec') {
        throw new Refusal('Only attaching and exec take the connection over');
      }
      await check(call, url, async () => undefined);
      const engine = connect(engineSocket);
      const lines = [`${incoming.method} ${url.pathname}${url.search} HTTP/1.1`];
      for (let index = 0; index < incoming.rawHeaders.length; index += 2) {
        lines.push(`${incoming.rawHeaders[index]}: ${incoming.rawHeaders[index + 1]}`);
      }
      engine.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) engine.write(head);
      engine.pipe(socket).pipe(engine);
      const close = () => {
        engine.destroy();
        socket.destroy();
      };
      engine.on('error', close);
      socket.on('error', close);
      engine.on('close', close);
      socket.on('close', close);
    } catch (error) {
      const refusal =
        error instanceof Refusal ? error : new Refusal('The engine could not be asked', 502);
      const body = JSON.stringify({ message: refusal.message });
      socket.end(
        `HTTP/1.1 ${refusal.status} Refused\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
  });

  // Attached terminals and pulls last long; only the headers have a deadline.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  return server;
}
