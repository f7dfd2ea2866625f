import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceOnTestDatabase } from '../testing/test-service';
import { drainUnreadBodies } from './unread-bodies';

const UPLOAD_BYTES = 2 * 1024 * 1024;

/** A route that refuses an upload before reading any of it, as a full disk or a limit does. */
function refuseUploads(app: FastifyInstance): void {
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => {
    done(null, undefined);
  });
  app.post('/upload', async (_request, reply) => reply.code(507).send({ refused: true }));
  app.get('/hello', async () => ({ hello: 'world' }));
}

/** A raw connection to `address`, and everything it has received so far. */
async function rawConnection(
  address: string,
): Promise<{ socket: Socket; received: () => string; errors: string[] }> {
  const socket = connect(Number(new URL(address).port), '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let received = '';
  const errors: string[] = [];
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
  return { socket, received: () => received, errors };
}

const uploadHead = (bytes: number) =>
  'POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n' +
  `Content-Length: ${bytes}\r\n\r\n`;

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('an answer sent before its request body was read', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function service(): Promise<string> {
    const { app, database } = await serviceOnTestDatabase();
    cleanups.push(
      () => database.drop(),
      () => app.close(),
    );
    refuseUploads(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  /** A bare server that gives the rest of a refused body 200 ms. */
  async function quickToCut(): Promise<string> {
    const app = Fastify();
    cleanups.push(() => app.close());
    drainUnreadBodies(app, 200);
    refuseUploads(app);
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  it('reaches every client still sending, however the race between them falls', async () => {
    const address = await service();
    const body = new Blob([Buffer.alloc(UPLOAD_BYTES, 7)]);
    const statuses: number[] = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 4 }, async () => {
          const response = await fetch(`${address}/upload`, {
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream' },
            body,
          });
          await response.text();
          return response.status;
        }),
      );
      statuses.push(...answers);
    }
    expect(new Set(statuses)).toEqual(new Set([507]));
  });

  it('lets the client send the rest, then serves its next request on the same connection', async () => {
    const address = await service();
    const { socket, received, errors } = await rawConnection(address);
    socket.write(uploadHead(UPLOAD_BYTES));
    socket.write(Buffer.alloc(64 * 1024));
    await until(() => received().includes('"refused":true'));
    expect(received()).toMatch(/^HTTP\/1\.1 507/);
    // Closed at this point, the server's socket would answer the rest with a reset (EPIPE here).
    await new Promise((resolve) => socket.write(Buffer.alloc(UPLOAD_BYTES - 64 * 1024), resolve));
    socket.write('GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => received().includes('"hello":"world"') || errors.length > 0);
    expect(errors).toEqual([]);
    expect(received().toLowerCase()).toContain('connection: keep-alive');
    socket.destroy();
  });

  it('keeps the connection of a client that sent the rest, past the time allowed', async () => {
    const address = await quickToCut();
    const { socket, received, errors } = await rawConnection(address);
    let closed = false;
    socket.once('close', () => (closed = true));
    socket.write(uploadHead(UPLOAD_BYTES));
    socket.write(Buffer.alloc(64 * 1024));
    await until(() => received().includes('"refused":true'));
    await new Promise((resolve) => socket.write(Buffer.alloc(UPLOAD_BYTES - 64 * 1024), resolve));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(closed).toBe(false);
    socket.write('GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => received().includes('"hello":"world"') || closed);
    expect(errors).toEqual([]);
    expect(received()).toContain('"hello":"world"');
    socket.destroy();
  });

  it('cuts a client that does not send the rest in time', async () => {
    const address = await quickToCut();
    const { socket, received } = await rawConnection(address);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(uploadHead(UPLOAD_BYTES));
    socket.write(Buffer.alloc(64 * 1024));
    const started = Date.now();
    await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 507/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
