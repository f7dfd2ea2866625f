import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { runtimeConfigSchema } from '@hackclass/contracts';
import { type Connection, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSchemas } from '../testing';
import { identityOriginsOf } from './runtime-config';
import { buildServer } from './server';

const INLINE_SCRIPT = "document.documentElement.dataset.theme = 'dark';";
/** The prerendered pages' own: each asks for the app's modules once it has painted. */
const HOME_SCRIPT = "document.title = 'Home'";
const LOGIN_SCRIPT = "document.title = 'Log in'";
// Large enough for the build to pre-compress it.
const ASSET = `${'console.log("a line of the app");\n'.repeat(100)}`;

let database: TestDatabase;
let connection: Connection;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  const webRoot = mkdtempSync(join(tmpdir(), 'hackclass-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    `<!doctype html><title>HackClass</title><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script>`,
  );
  writeFileSync(
    join(webRoot, 'home.html'),
    `<!doctype html><title>HackClass</title><div id="root"><h1>Teach hands-on security</h1></div><script>${HOME_SCRIPT}</script>`,
  );
  writeFileSync(
    join(webRoot, 'login.html'),
    `<!doctype html><title>HackClass</title><div id="root"><h1>Log in</h1></div><script>${LOGIN_SCRIPT}</script>`,
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), ASSET);
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js.gz'), gzipSync(ASSET));
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync(ASSET));
  const config = loadConfig(serverConfigSchema, {
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'https://class.example.org',
    IDENTITY_PROJECT_ID: 'school-project',
    UPLOAD_IMAGE_MAX_MB: '3',
    UPLOAD_FILE_MAX_MB: '7',
    UPLOAD_FILES_PER_LAB: '4',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  });
  connection = await openConnection(config);
  app = await buildServer({ config, connection, logger: createLogger('silent') }, { webRoot });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('all-in-one server', () => {
  it('answers /healthz and, with the database up, /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    // On the embedded database DATA_DIR's disk is checked too.
    const disk = database.databaseUrl ? {} : { disk: { status: 'ok' } };
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: { status: 'ok' }, ...disk } });
  });

  it('tells the web app its runtime configuration, the upload limits included', async () => {
    const response = await app.inject('/config.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const config = runtimeConfigSchema.parse(response.json());
    expect(config).toEqual({
      productName: 'HackClass',
      apiBaseUrl: '/api',
      identity: {
        apiKey: 'hackclass-local-api-key',
        projectId: 'school-project',
        emulatorOrigin: 'https://class.example.org',
      },
      targets: { enabled: false, attackBoxes: false },
      // No SMTP_URL: a trial install's dev outbox.
      mail: { devOutbox: true },
      uploads: { imageMaxBytes: 3 * 1_048_576, fileMaxBytes: 7 * 1_048_576, filesPerLab: 4 },
    });
  });

  it('serves the app for any page path, so the app can route it, and home and login prerendered', async () => {
    const pages = ['/', '/login', '/login?redirect=%2Fclassrooms', '/classrooms/123/members'];
    for (const url of [...pages, '/no/such/page', '/home.html', '/login.html']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<title>HackClass</title>');
      expect(response.body.includes('Teach hands-on security'), url).toBe(url === '/');
      expect(response.body.includes('<h1>Log in</h1>'), url).toBe(/^\/login(\?|$)/.test(url));
    }
  });

  it('serves its pages and API for its own host only, and health probes for any', async () => {
    const asked = (url: string, host: string) =>
      app.inject({ url, headers: { host, accept: 'text/html' } });
    for (const host of ['evil.example', 'class.example.org.evil.example', 'x.localhost']) {
      for (const url of ['/', '/classrooms/123', '/config.json', '/api/users/me']) {
        const refused = await asked(url, host);
        expect(refused.statusCode, `${host}${url}`).toBe(421);
        expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(refused.json()).toMatchObject({ code: 'misdirected_request' });
      }
    }
    expect((await asked('/', 'class.example.org')).statusCode).toBe(200);
    expect((await asked('/', 'evil.example')).body).not.toContain('<title>');
    for (const url of ['/healthz', '/readyz']) {
      expect((await asked(url, 'evil.example')).statusCode, url).toBe(200);
    }
  });

  it('sends pages with a CSP admitting only its own scripts and the inline ones it serves', async () => {
    const [hash, homeHash, loginHash] = [INLINE_SCRIPT, HOME_SCRIPT, LOGIN_SCRIPT].map((script) =>
      createHash('sha256').update(script).digest('base64'),
    );
    for (const url of ['/', '/dashboard', '/assets/index-abc123.js']) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      const policy = response.headers['content-security-policy'];
      expect(policy, url).toBe(
        `default-src 'self'; script-src 'self' 'sha256-${hash}' 'sha256-${homeHash}' 'sha256-${loginHash}'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self' https://class.example.org; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
      );
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets the app call a real Firebase project when configured for one', () => {
    expect(
      identityOriginsOf({
        productName: 'HackClass',
        apiBaseUrl: '/api',
        identity: { apiKey: 'key', projectId: 'school', authDomain: 'school.firebaseapp.com' },
        targets: { enabled: false, attackBoxes: false },
        mail: { devOutbox: false },
        uploads: { imageMaxBytes: 1, fileMaxBytes: 1, filesPerLab: 1 },
      }),
    ).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://school.firebaseapp.com',
    ]);
  });

  it('caches hashed assets for good', async () => {
    const response = await app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ])(
    'sends the %s copy the build made to clients that accept it',
    async (encoding, accepted, decode) => {
      const response = await app.inject({
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': accepted },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(response.rawPayload).toString()).toBe(ASSET);
    },
  );

  it('sends the file as built to clients that accept no encoding, still varying on it', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBe('accept-encoding');
    expect(response.body).toBe(ASSET);
  });

  it('keeps revalidating the page even when it is sent compressed', async () => {
    const response = await app.inject({
      url: '/',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding');
  });

  it.each([
    ['a compressed copy asked for by its own name', '/assets/index-abc123.js.br', '*/*'],
    ['an unknown API route', '/api/nope', 'application/json'],
    ['an unknown API route asked for as a page', '/api/nope', 'text/html'],
    ['a missing asset', '/assets/missing.js', '*/*'],
  ])('answers %s with a problem document', async (_what, url, accept) => {
    const response = await app.inject({ url, headers: { accept } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ status: 404, code: 'not_found', title: 'Not found' });
  });
});
