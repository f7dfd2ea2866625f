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
