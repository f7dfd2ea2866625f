import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { apiMigrations } from '@hackclass/api';
import { drizzleOver, openConnection } from '@hackclass/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromSources, runServerToExit, startServerProcess } from '../testing';

const freshDataDir = () => mkdtempSync(join(tmpdir(), 'hackclass-main-'));

// Each case starts real server processes: seconds apiece, more on a busy machine.
const PROCESS_TIMEOUT_MS = 120_000;

describe('starting the all-in-one server', () => {
  it.each([
    [
      'PORT',
      'abc',
      'Invalid configuration: PORT must be a port number from 0 to 65535 (got "abc")',
    ],
    [
      'DATABASE_URL',
      'mysql://db/x',
      'Invalid configuration: DATABASE_URL must be a URL like postgres://',
    ],
  ])(
    'stops on %s=%s with one line naming the variable',
    async (name, value, line) => {
      const result = await runServerToExit({ DATA_DIR: freshDataDir(), [name]: value });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toContain(line);
      expect(result.stderr).not.toContain('    at ');
    },
    PROCESS_TIMEOUT_MS,
  );
});

describe('an embedded-database server, run from its sources as `npm start` runs it', () => {
  it(
    'logs nothing at info while idle, refuses a second server on the same DATA_DIR, then shuts down cleanly on SIGTERM',
    async () => {
      const dataDir = freshDataDir();
      // The API asks the identity service for account events every second here.
      const server = await startServerProcess(
        { DATA_DIR: dataDir, LOG_LEVEL: 'info', ACCOUNT_EVENTS_POLL_SECONDS: '1' },
        60_000,
        fromSources,
      );
      try {
        const ready = await fetch(`${server.url}/readyz`);
        expect(ready.status).toBe(200);

        const second = await runServerToExit({ DATA_DIR: dataDir });
        expect(second.code).toBe(1);
        expect(second.stderr).toContain(
          `DATA_DIR ${dataDir} is in use by another HackClass process`,
        );
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

        const idleFrom = server.output().length;
        await setTimeout(3500);
        expect(server.output().slice(idleFrom)).toBe('');
      } finally {
        expect(await server.stop('SIGTERM')).toBe(0);
      }
      expect(server.output()).toContain('"msg":"stopped"');
      expect(existsSync(join(dataDir, 'hackclass.lock'))).toBe(false);

      // The database was closed cleanly: it opens again with the migrations the server applied.
      const connection = await openConnection({ dataDir });
      const db = drizzleOver(connection, {});
      const rows = await db.execute<{ count: number }>(
        sql.raw(
          `select count(*)::int as count from "${apiMigrations.schema}"."${apiMigrations.table}"`,
        ),
      );
      await connection.close();
      const journal = JSON.parse(
        readFileSync(join(apiMigrations.folder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(JSON.stringify(rows)).toContain(`"count":${journal.entries.length}`);
    },
    PROCESS_TIMEOUT_MS,
  );
});
