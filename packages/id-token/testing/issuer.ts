// Test support: an issuer that signs Firebase-style tokens and serves its JWKS over real HTTP.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose';

export const PROJECT_ID = 'hackclass-test';
export const ISSUER = `https://securetoken.google.com/${PROJECT_ID}`;
export const NOW_MS = 1_750_000_000_000;
/** NOW_MS in seconds, as JWT time claims count. */
export const NOW = NOW_MS / 1000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
}

export async function createSigningKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, publicKey, publicJwk };
}

/** The claims our identity service issues; an override of `undefined` removes a claim. */
export function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: PROJECT_ID,
    sub: 'uid-ada',
    user_id: 'uid-ada',
    iat: NOW - 60,
    exp: NOW - 60 + 3600,
    auth_time: NOW - 600,
    email: 'ada@example.test',
    email_verified: true,
    name: 'Ada Lovelace',
    picture: 'https://example.test/ada.png',
    firebase: { identities: { email: ['ada@example.test'] }, sign_in_provider: 'password' },
    ...overrides,
  };
}

export function signToken(
  key: SigningKey,
  payload: JWTPayload = claims(),
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT', ...header })
    .sign(key.privateKey);
}

export function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export interface JwksServer {
  url: string;
  /** Served as `{ keys }`; mutate to rotate. */
  keys: JWK[];
  /** HTTP status to answer with. */
  status: number;
  requests: number;
  close(): Promise<void>;
}

export async function startJwksServer(keys: JWK[]): Promise<JwksServer> {
  const server = createServer((_request, response) => {
    state.requests += 1;
    response.writeHead(state.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ keys: state.keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const state: JwksServer = {
    url: `http://127.0.0.1:${port}/jwks.json`,
    keys,
    status: 200,
    requests: 0,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return state;
}
