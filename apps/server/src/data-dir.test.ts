import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { runServerToExit, startServerProcess } from '../testing';

const PROCESS_TIMEOUT_MS = 120_000;
const API_KEY = 'data-dir-test-key';

/** Every path under `root` with its permission bits, as `path 700`. */
function modesUnder(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      found.push(`${path.slice(root.length)} ${(statSync(path).mode & 0o777).toString(8)}`);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(root);
  return found;
}

async function outboxFiles(dataDir: string): Promise<string[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const outbox = join(dataDir, 'outbox');
    if (existsSync(outbox) && readdirSync(outbox).length > 0) return readdirSync(outbox);
    await sleep(100);
  }
  throw new Error('no mail reached the dev outbox');
}

describe('the data folder', () => {
  it(
    'is created owner-only, and so is every file the server writes in it',
    async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'hackclass-data-')), 'data');
      const server = await startServerProcess({ DATA_DIR: dataDir, IDENTITY_API_KEY: API_KEY });
      try {
        const toolkit = `${server.url}/identitytoolkit.googleapis.com/v1`;
        const email = `modes-${Date.now()}@example.org`;
        const signUp = await fetch(`${toolkit}/accounts:signUp?key=${API_KEY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct horse', returnSecureToken: true }),
        });
        expect(signUp.status).toBe(200);
        const reset = await fetch(`${toolkit}/accounts:sendOobCode?key=${API_KEY}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
        });
        expect(reset.status).toBe(200);
        expect(await outboxFiles(dataDir)).toHaveLength(1);
        expect(existsSync(join(dataDir, 'hackclass.lock'))).toBe(true);
      } finally {
        expect(await server.stop()).toBe(0);
      }

      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      const modes = modesUnder(dataDir);
      expect(modes).toEqual(
        expect.arrayContaining([
          '/db 700',
          '/outbox 700',
          expect.stringMatching(/^\/db\/pg_wal\/\w+ 600$/),
          expect.stringMatching(/^\/outbox\/.+\.eml 600$/),
          '/identity-key-secret 600',
        ]),
      );
      expect(modes.filter((line) => !/ (600|700)$/.test(line))).toEqual([]);
    },
    PROCESS_TIMEOUT_MS,
  );

  it(
    'is taken over from a server killed without cleaning up, its database intact',
    async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'hackclass-data-')), 'data');
      const killed = await startServerProcess({ DATA_DIR: dataDir, IDENTITY_API_KEY: API_KEY });
      const email = `killed-${Date.now()}@example.org`;
      const signUp = await fetch(
        `${killed.url}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${API_KEY}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct horse', returnSecureToken: true }),
        },
      );
      expect(signUp.status).toBe(200);
      await killed.stop('SIGKILL');
      expect(existsSync(join(dataDir, 'hackclass.lock'))).toBe(true);

      const restarted = await startServerProcess({ DATA_DIR: dataDir, IDENTITY_API_KEY: API_KEY });
      try {
        expect((await fetch(`${restarted.url}/readyz`)).status).toBe(200);
        const signIn = await fetch(
          `${restarted.url}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'correct horse', returnSecureToken: true }),
          },
        );
        expect(signIn.status).toBe(200);
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
    },
    PROCESS_TIMEOUT_MS * 2,
  );

  it(
    'stops the start when other users can read it, saying how to fix it',
    async () => {
      const dataDir = join(mkdtempSync(join(tmpdir(), 'hackclass-data-')), 'data');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o755);
      const result = await runServerToExit({ DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `DATA_DIR ${dataDir} is open to other users of this machine (mode 755), and it holds the database with password hashes and signing keys: run chmod 700 ${dataDir}`,
      );
      expect(readdirSync(dataDir)).toEqual([]);
    },
    PROCESS_TIMEOUT_MS,
  );
});
