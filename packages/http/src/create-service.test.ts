import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { serviceOnTestDatabase } from '../testing/test-service';

describe('createService', () => {
  it('lets an in-flight request finish, with its database, before closing', async () => {
    const { app, connection, database } = await serviceOnTestDatabase();
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await sleep(300);
      await connection.ping();
      return { finished: true };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const response = fetch(`${address}/slow`);
    await requestStarted;
    const closed = app.close();

    const answer = await response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    await closed;
    await expect(connection.ping()).rejects.toThrow();
    await database.drop();
  });

  it('closes at once past connections that never sent a request, and a keep-alive one', async () => {
    const { app, database } = await serviceOnTestDatabase();
    app.get('/hello', async () => ({ hello: 'world' }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    // A browser's speculative connection: open, silent.
    const silent = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const silentClosed = new Promise((resolve) => silent.once('close', resolve));
    expect((await fetch(`${address}/hello`)).status).toBe(200);

    const started = Date.now();
    await app.close();
    await silentClosed;
    // Without dropping it, Node would wait for the silent one's headers timeout: a minute.
    expect(Date.now() - started).toBeLessThan(5_000);
    await database.drop();
  });
});

describe('an answer sent before its request was read', () => {
  it('ends its connection, so no next request waits behind the unread rest', async () => {
    const { app, database } = await serviceOnTestDatabase();
    // A refusal before the body is read, as an upload refused part way is answered.
    app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => {
      done(null, undefined);
    });
    app.post('/upload', async (_request, reply) => reply.code(413).send({ refused: true }));
    app.get('/hello', async () => ({ hello: 'world' }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(address);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      let received = '';
      socket.on('data', (chunk) => (received += chunk));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.on('error', () => {});
      socket.write(
        'POST /upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n' +
          'Content-Length: 10000000\r\n\r\n',
      );
      socket.write(Buffer.alloc(64 * 1024));
      await closed;
      expect(received).toMatch(/^HTTP\/1\.1 413/);
      expect(received.toLowerCase()).toContain('connection: close');
      // A request whose body was read keeps its connection.
      const hello = await fetch(`${address}/hello`);
      expect(hello.headers.get('connection')).toBe('keep-alive');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
