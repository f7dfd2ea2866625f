import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
} from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runServerToExit, startServerProcess } from '../testing';
import { bundleServer } from './bundle';
import { defaultWebRoot } from './server';

const PROCESS_TIMEOUT_MS = 120_000;
const serveEntry = ['apps/server/bin/serve.js'];

function rawGet(url: string, encoding: string) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the web build', () => {
  it('carries a gzip and a brotli copy of every compressible file over 1 kB', () => {
    const compressible = filesUnder(defaultWebRoot).filter(
      (file) =>
        ['.js', '.css', '.svg', '.html', '.json'].includes(extname(file)) &&
        !file.includes('/.vite/') &&
        statSync(file).size >= 1024,
    );
    expect(compressible.length).toBeGreaterThan(10);
    for (const file of compressible) {
      const original = readFileSync(file);
      expect(existsSync(`${file}.gz`), file).toBe(true);
      expect(existsSync(`${file}.br`), file).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(original), file).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(original), file).toBe(true);
    }
  });
});

describe('the production entrypoint', () => {
  it(
    'runs the bundled server with plain node: migrations applied, pages and assets served',
    async () => {
      await bundleServer();
      const dataDir = join(mkdtempSync(join(tmpdir(), 'hackclass-serve-')), 'data');
      const server = await startServerProcess({ DATA_DIR: dataDir }, 60_000, serveEntry);
      try {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);
        const page = await fetch(`${server.url}/classrooms`, { headers: { accept: 'text/html' } });
        expect(page.status).toBe(200);
        const html = await page.text();
        expect(html).toContain('<div id="root">');
        const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
        expect(script).toBeDefined();
        const asBuilt = await fetch(`${server.url}${script}`, {
          headers: { 'accept-encoding': 'identity' },
        });
        expect(asBuilt.status).toBe(200);
        const original = Buffer.from(await asBuilt.arrayBuffer());
        for (const [encoding, decode] of [
          ['br', brotliDecompressSync],
          ['gzip', gunzipSync],
        ] as const) {
          // fetch() would decompress by itself: read the raw answer through node's http instead.
          const { headers, body } = await rawGet(`${server.url}${script}`, encoding);
          expect(headers['content-encoding']).toBe(encoding);
          expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
          expect(body.length).toBeLessThan(original.length / 2);
          expect(decode(body).equals(original)).toBe(true);
        }
        // The identity service's migrations ran from the bundle: a sign-up is stored.
        const signUp = await fetch(
          `${server.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=hackclass-local-api-key`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              email: 'built@example.org',
              password: 'correct horse',
              returnSecureToken: true,
            }),
          },
        );
        expect(signUp.status).toBe(200);
        // The product API's migrations ran too: a signed-in user's profile is answered.
        const { idToken } = (await signUp.json()) as { idToken: string };
        const me = await fetch(`${server.url}/api/users/me`, {
          headers: { authorization: `Bearer ${idToken}` },
        });
        expect(me.status).toBe(200);
      } finally {
        expect(await server.stop('SIGTERM')).toBe(0);
      }
      expect(server.output()).toContain('"msg":"stopped"');
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'says to build first when the server is not built',
    async () => {
      const checkout = mkdtempSync(join(tmpdir(), 'hackclass-unbuilt-'));
      mkdirSync(join(checkout, 'bin'));
      copyFileSync(
        fileURLToPath(new URL('../bin/serve.js', import.meta.url)),
        join(checkout, 'bin', 'serve.js'),
      );
      const result = await runServerToExit({}, 30_000, [join(checkout, 'bin', 'serve.js')]);
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(
        `The server is not built (no ${join(checkout, 'dist', 'main.js')}): run npm run build\n`,
      );
    },
    PROCESS_TIMEOUT_MS,
  );
});
