import { copyFileSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleServer } from './bundle';
import { runServerToExit, startServerProcess } from './testing';

const PROCESS_TIMEOUT_MS = 120_000;
const serveEntry = ['apps/server/bin/serve.js'];

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
        expect((await fetch(`${server.url}${script}`)).status).toBe(200);
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
