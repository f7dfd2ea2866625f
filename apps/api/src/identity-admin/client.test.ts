import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityAdmin } from './client';

/** An identity service that answers every call after `delayMs`, as one with a long queue. */
let server: Server;
let baseUrl = '';
const delayMs = 300;

beforeAll(async () => {
  server = createServer((request, response) => {
    setTimeout(() => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(request.method === 'POST' ? { uid: 'new-account' } : {}));
    }, delayMs);
  }).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
});

describe('the identity admin client', () => {
  it('waits longer for a new account, whose password queues for hashing, than for other calls', async () => {
    const identity = createIdentityAdmin({
      baseUrl,
      secret: 'secret',
      timeoutMs: delayMs / 3,
      createTimeoutMs: delayMs * 3,
    });
    await expect(
      identity.createAccount({ email: 'a@school.example', password: 'pw', displayName: 'A' }),
    ).resolves.toBe('new-account');
    await expect(identity.setDisabled('new-account', true)).rejects.toMatchObject({
      status: 503,
      code: 'identity_unavailable',
    });
  });
});
