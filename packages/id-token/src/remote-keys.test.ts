// The remote-URL path for real: a JWKS served over HTTP, fetched and cached by jose.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64url,
  claims,
  createSigningKey,
  type JwksServer,
  NOW_MS,
  PROJECT_ID,
  signToken,
  startJwksServer,
} from '../testing/issuer';
import { IdTokenError } from './errors.js';
import { createIdTokenVerifier } from './verifier.js';

const servers: JwksServer[] = [];

async function serve(...keys: Parameters<typeof startJwksServer>[0]): Promise<JwksServer> {
  const server = await startJwksServer(keys);
  servers.push(server);
  return server;
}

function verifierFor(keys: string) {
  return createIdTokenVerifier({ projectId: PROJECT_ID, keys, now: () => NOW_MS });
}

afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('remote key set', () => {
  it('fetches once and caches', async () => {
    const key = await createSigningKey('key-1');
    const server = await serve(key.publicJwk);
    const verifier = verifierFor(server.url);

    await verifier.verify(await signToken(key));
    await verifier.verify(await signToken(key));
    expect(server.requests).toBe(1);
  });

  it('picks up a rotated-in key once the refetch cooldown has passed', async () => {
    const oldKey = await createSigningKey('key-old');
    const newKey = await createSigningKey('key-new');
    const server = await serve(oldKey.publicJwk);
    const verifier = verifierFor(server.url);
    await expect(verifier.verify(await signToken(oldKey))).resolves.toBeDefined();

    server.keys = [oldKey.publicJwk, newKey.publicJwk];
    const newToken = await signToken(newKey);
    // Within jose's 30 s cooldown an unknown kid does not trigger a refetch.
    await expect(verifier.verify(newToken)).rejects.toMatchObject({ reason: 'unknown_key' });
    expect(server.requests).toBe(1);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    await expect(verifier.verify(newToken)).resolves.toMatchObject({ uid: 'uid-ada' });
    await expect(verifier.verify(await signToken(oldKey))).resolves.toBeDefined();
    expect(server.requests).toBe(2);
  });

  it('refuses a bad algorithm before any key lookup', async () => {
    const server = await serve();
    const verifier = verifierFor(server.url);
    const none = `${base64url({ alg: 'none', kid: 'key-1' })}.${base64url(claims())}.`;

    await expect(verifier.verify(none)).rejects.toMatchObject({ reason: 'unsupported_algorithm' });
    expect(server.requests).toBe(0);
  });
});

describe('the last good key set, while the key endpoint is down', () => {
  const later = (ms: number) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + ms);
  };

  it('keeps verifying tokens past the usual ten minutes', async () => {
    const key = await createSigningKey('key-1');
    const server = await startJwksServer([key.publicJwk]);
    const verifier = verifierFor(server.url);
    await verifier.verify(await signToken(key));
    await server.close();

    later(60 * 60_000);
    await expect(verifier.verify(await signToken(key))).resolves.toMatchObject({ uid: 'uid-ada' });
    later(30_000);
    await expect(verifier.verify(await signToken(key))).resolves.toMatchObject({ uid: 'uid-ada' });
  });

  it('is given up after a day', async () => {
    const key = await createSigningKey('key-1');
    const server = await startJwksServer([key.publicJwk]);
    const verifier = verifierFor(server.url);
    await verifier.verify(await signToken(key));
    await server.close();

    later(24 * 60 * 60_000 + 60_000);
    await expect(verifier.verify(await signToken(key))).rejects.toMatchObject({
      reason: 'keys_unavailable',
    });
  });

  it('is replaced by the fresh set once the endpoint answers again', async () => {
    const oldKey = await createSigningKey('key-old');
    const newKey = await createSigningKey('key-new');
    const server = await serve(oldKey.publicJwk);
    const verifier = verifierFor(server.url);
    await verifier.verify(await signToken(oldKey));

    server.status = 503;
    later(11 * 60_000);
    await expect(verifier.verify(await signToken(oldKey))).resolves.toBeDefined();
    // A key it has never seen can only come from the issuer: unavailable, not unknown.
    later(31_000);
    await expect(verifier.verify(await signToken(newKey))).rejects.toMatchObject({
      reason: 'keys_unavailable',
    });

    server.status = 200;
    server.keys = [newKey.publicJwk];
    later(31_000);
    await expect(verifier.verify(await signToken(newKey))).resolves.toBeDefined();
    await expect(verifier.verify(await signToken(oldKey))).rejects.toMatchObject({
      reason: 'unknown_key',
    });
  });
});

describe('an unavailable key set', () => {
  it('maps a refused connection to keys_unavailable', async () => {
    const key = await createSigningKey('key-1');
    const server = await startJwksServer([key.publicJwk]);
    await server.close();

    const error = await verifierFor(server.url)
      .verify(await signToken(key))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdTokenError);
    expect(error).toMatchObject({ reason: 'keys_unavailable', message: /keys are unavailable/ });
  });

  it('maps an error status to keys_unavailable and recovers when it comes back', async () => {
    const key = await createSigningKey('key-1');
    const server = await serve(key.publicJwk);
    server.status = 503;
    const verifier = verifierFor(server.url);

    await expect(verifier.verify(await signToken(key))).rejects.toMatchObject({
      reason: 'keys_unavailable',
    });
    server.status = 200;
    await expect(verifier.verify(await signToken(key))).resolves.toBeDefined();
  });

  it('maps a body that is not a key set to keys_unavailable', async () => {
    const key = await createSigningKey('key-1');
    const junk = createServer((_request, response) => response.end('<html>maintenance</html>'));
    await new Promise<void>((resolve) => junk.listen(0, '127.0.0.1', resolve));
    const { port } = junk.address() as AddressInfo;
    try {
      await expect(
        verifierFor(`http://127.0.0.1:${port}/jwks`).verify(await signToken(key)),
      ).rejects.toMatchObject({ reason: 'keys_unavailable' });
    } finally {
      junk.closeAllConnections();
      junk.close();
    }
  });
});
