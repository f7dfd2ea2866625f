import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { ROLE, type TargetKind, type TargetState } from '@hackclass/contracts';
import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { freePort } from '@hackclass/http/testing';
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import { newJoinCode } from '../../src/classrooms/join-code';
import { type ApiDatabase, apiMigrations, schema } from '../../src/db';
import { classrooms, labs, targets, users } from '../../src/db/schema';
import { targetProxy } from '../../src/target-proxy/plugin';
import type { ProxyLimits } from '../../src/target-proxy/proxy-limits';
import { issueTicket, TICKET_PATH } from '../../src/target-proxy/tickets';

export interface TargetAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A browser on one target's host name, reaching the server at `origin` (loopback) with that
 * Host header, as `*.localhost` resolves in browsers. It keeps the cookies the host sets.
 */
export function targetBrowser(origin: string, targetId: string) {
  const { hostname, port } = new URL(origin);
  const host = `${targetId}.localhost:${port}`;
  const cookies = new Map<string, string>();

  function send(
    method: string,
    path: string,
    { headers = {}, body }: { headers?: Record<string, string>; body?: Buffer | Readable } = {},
  ): Promise<TargetAnswer> {
    const jar = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          host: hostname,
          port,
          method,
          path,
          headers: { host, ...(jar ? { cookie: jar } : {}), ...headers },
          agent: false,
        },
        (response) => {
          for (const line of response.headers['set-cookie'] ?? []) {
            const [pair = ''] = line.split(';');
            const equals = pair.indexOf('=');
            cookies.set(pair.slice(0, equals), pair.slice(equals + 1));
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          response.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      if (body === undefined) outgoing.end();
      else if (Buffer.isBuffer(body)) outgoing.end(body);
      else body.pipe(outgoing);
    });
  }

  return {
    host,
    cookies,
    send,
    get: (path: string, headers: Record<string, string> = {}) => send('GET', path, { headers }),
    /** Follows an Open link (to its ticket exchange on this host). */
    open: (url: string) => {
      const { pathname, search } = new URL(url);
      return send('GET', `${pathname}${search}`);
    },
  };
}

export type TargetBrowser = ReturnType<typeof targetBrowser>;

/** What the echo upstream saw of a request. */
export interface Echo {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyLength: number;
  bodySha256: string;
}

/**
 * A real upstream on loopback: answers every request with what it received (body hashed),
 * sets cookies of its own and one named like HackClass's; its WebSocket endpoint first sends
 * the headers of the upgrade, then echoes every message.
 */
export async function echoUpstream() {
  const server = createServer((incoming, response) => {
    const hash = createHash('sha256');
    let bodyLength = 0;
    incoming.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bodyLength += chunk.length;
    });
    incoming.on('end', () => {
      const echo: Echo = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        headers: incoming.headers,
        bodyLength,
        bodySha256: hash.digest('hex'),
      };
      response.writeHead(200, [
        'Content-Type',
        'application/json',
        'Set-Cookie',
        'own=1; Path=/',
        'Set-Cookie',
        'hackclass_target=planted; Path=/',
        'Set-Cookie',
        'wide=1; Domain=localhost; Path=/',
        'X-Frame-Options',
        'SAMEORIGIN',
      ]);
      response.end(JSON.stringify(echo));
    });
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, upgrade) => {
    socket.send(JSON.stringify({ headers: upgrade.headers }));
    socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      await new Promise((resolve) => sockets.close(resolve));
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A target row as the lifecycle leaves it once its container runs on `hostPort`. */
export async function insertTarget(
  db: ApiDatabase,
  values: {
    labId: string;
    classroomId: string;
    userId: string;
    hostPort: number;
    kind?: TargetKind;
    state?: TargetState;
    expiresAt?: Date;
  },
): Promise<string> {
  const [row] = await db
    .insert(targets)
    .values({
      kind: 'http',
      state: 'running',
      startedAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
      reachHost: '127.0.0.1',
      reachPort: values.hostPort,
      ...values,
    })
    .returning({ id: targets.id });
  if (!row) throw new Error('target insert returned nothing');
  return row.id;
}

/** A lab of `creatorId`, inserted directly: the proxy needs its id, not its content. */
export async function insertLab(db: ApiDatabase, creatorId: string): Promise<string> {
  const id = randomUUID();
  await db.insert(labs).values({
    id,
    slug: `proxy-${id}`,
    name: `Proxy ${id.slice(0, 8)}`,
    difficulty: 'Easy',
    category: 'Web',
    points: 100,
    creatorId,
  });
  return id;
}

/**
 * A running HTTP target on `hostPort` in a classroom of its own, owned by a teacher inserted
 * directly who runs that classroom, and the path of a fresh Open ticket of theirs on the
 * target's host.
 */
export async function openableTarget(db: ApiDatabase, hostPort: number) {
  const userId = await insertUser(db, ROLE.teacher);
  const labId = await insertLab(db, userId);
  const [room] = await db
    .insert(classrooms)
    .values({
      name: `Proxy ${userId.slice(0, 8)}`,
      teacherName: 'Ms Teacher',
      joinCode: newJoinCode(),
      creatorId: userId,
    })
    .returning({ id: classrooms.id });
  const targetId = await insertTarget(db, {
    labId,
    classroomId: room?.id ?? '',
    userId,
    hostPort,
  });
  const ticket = await issueTicket(db, { targetId, userId });
  return {
    targetId,
    labId,
    userId,
    classroomId: room?.id ?? '',
    ticketPath: `${TICKET_PATH}?ticket=${ticket}`,
  };
}

/** A user inserted directly: the proxy needs an id, not an account. */
async function insertUser(db: ApiDatabase, roleId: number = ROLE.student): Promise<string> {
  const userId = randomUUID();
  await db.insert(users).values({
    id: userId,
    identityUid: `proxy-${userId}`,
    email: `proxy-${userId}@example.org`,
    emailVerified: true,
    roleId,
  });
  return userId;
}

/**
 * Another student's running HTTP target on `hostPort`, in the classroom of an `openableTarget`,
 * and the path of a fresh ticket to it for the `openableTarget`'s owner, who teaches there.
 */
export async function siblingTarget(
  db: ApiDatabase,
  { labId, classroomId, userId }: { labId: string; classroomId: string; userId: string },
  hostPort: number,
) {
  const targetId = await insertTarget(db, {
    labId,
    classroomId,
    userId: await insertUser(db),
    hostPort,
  });
  const ticket = await issueTicket(db, { targetId, userId });
  return { targetId, ticketPath: `${TICKET_PATH}?ticket=${ticket}` };
}

/** A migrated database of its own for `startTargetProxy`, which any number may share. */
export async function proxyDatabase() {
  const database = await createTestDatabase(undefined, { migrated: [apiMigrations] });
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  const connection = await openConnection(config);
  return {
    connection,
    db: drizzleOver(connection, schema),
    close: async () => {
      await connection.close();
      await database.drop();
    },
  };
}

/**
 * The target proxy alone on `connection`, with `limits` over the proxy's, HackClass at
 * `http://<appHost>:<port>` and targets under `labsDomain` (by default HackClass's defaults:
 * both localhost). Requests for any other host answer 404.
 */
export async function startTargetProxy(
  connection: Connection,
  {
    limits = {},
    appHost = 'localhost',
    labsDomain = 'localhost',
  }: { limits?: Partial<ProxyLimits>; appHost?: string; labsDomain?: string } = {},
) {
  const port = await freePort();
  const app = Fastify();
  await app.register(targetProxy, {
    connection,
    publicUrl: `http://${appHost}:${port}`,
    labsDomain,
    limits,
  });
  const origin = await app.listen({ port, host: '127.0.0.1' });
  return { origin, close: () => app.close() };
}

/**
 * A WebSocket through the proxy at `origin` to the target host `host`, with `headers` (its
 * pass, an Origin): the open socket, or the status of the proxy's refusal.
 */
export function targetSocket(
  origin: string,
  host: string,
  headers: Record<string, string>,
): Promise<WebSocket | number> {
  const socket = new WebSocket(`ws://127.0.0.1:${new URL(origin).port}/socket`, {
    headers: { host, ...headers },
  });
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}
