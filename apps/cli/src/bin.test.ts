import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** `npx hackclass …` from the repository root, as an operator types it. */
async function hackclass(args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'npx',
      ['--no-install', 'hackclass', ...args],
      { cwd: repoRoot, env: { ...process.env, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npx hackclass', () => {
  it('lists its commands', async () => {
    const { code, stdout } = await hackclass(['help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: npx hackclass <command>');
    expect(stdout).toMatch(/\n {2}config +config check/);
  });

  it('answers help without loading the server’s packages', async () => {
    const refuse = fileURLToPath(new URL('../testing/refuse-server-packages.mjs', import.meta.url));
    const bin = join(repoRoot, 'apps/cli/bin/hackclass.js');
    for (const args of [['--help'], ['help', 'restore'], ['backup', '--help'], ['sso']]) {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', refuse, bin, ...args],
        { cwd: repoRoot },
      ).catch((error: { stdout: string; stderr: string }) => error);
      expect(stderr + stdout, args.join(' ')).toMatch(/Usage: npx hackclass/);
      expect(stderr, args.join(' ')).not.toContain('loaded @hackclass/');
    }
  });

  it('exits 2 on an unknown command and 1 on a wrong setting', async () => {
    const unknown = await hackclass(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const check = await hackclass(['config', 'check'], { PORT: 'abc' });
    expect(check.code).toBe(1);
    expect(check.stdout).toContain('PORT must be a port number from 0 to 65535 (got "abc")');
  });

  it('migrates the embedded database in DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hackclass-cli-bin-'));
    try {
      const migrated = await hackclass(['migrate'], { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(migrated.code).toBe(0);
      expect(migrated.stdout).toMatch(/^identity service: applied \d+ migrations: /);
      expect(migrated.stdout).toMatch(/\nAPI: applied \d+ migrations: 0000_core_tables, /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
