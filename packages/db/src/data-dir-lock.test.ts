import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, thisProcessSpace } from './data-dir-lock';

const holderScript = fileURLToPath(new URL('../testing/hold-data-dir.fixture.ts', import.meta.url));
// Short timings keep the waits of these tests under a second.
const fast = { refreshMs: 100, staleAfterMs: 600 };

const releases: Array<() => void> = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

const freshDir = () => mkdtempSync(join(tmpdir(), 'hackclass-lock-'));
const lockFile = (dir: string) => join(dir, 'hackclass.lock');

/** Another process that takes the lock on `dir` with the real code, and holds it until killed. */
async function holdInAnotherProcess(dir: string, refreshMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, dir, String(refreshMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

function writeLock(dir: string, holder: { pid: number; space: string }) {
  writeFileSync(lockFile(dir), JSON.stringify({ ...holder, token: 'left-behind' }));
}

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, naming the folder and the process', async () => {
    const dir = freshDir();
    const holder = await holdInAnotherProcess(dir, 2_000);
    const claim = lockDataDir(dir, fast);
    await expect(claim).rejects.toThrow(DataDirLockedError);
    await expect(claim).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another HackClass process (pid ${holder.pid}); stop it or choose another DATA_DIR`,
    );
  }, 30_000);

  it('refuses a second lock from the same process', async () => {
    const dir = freshDir();
    releases.push(await lockDataDir(dir, fast));
    await expect(lockDataDir(dir, fast)).rejects.toThrow(DataDirLockedError);
  });

  it('takes over at once a lock left by a process killed without cleaning up', async () => {
    const dir = freshDir();
    const holder = await holdInAnotherProcess(dir, 2_000);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('exit', resolve));
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: holder.pid });

    const release = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
  }, 30_000);

  it.each([
    [
      'in this format',
      (dir: string) => writeLock(dir, { pid: process.pid, space: thisProcessSpace() }),
    ],
    [
      'as a bare pid, by an earlier version',
      (dir: string) => writeFileSync(lockFile(dir), String(process.pid)),
    ],
  ])('takes over at once a lock naming its own pid, written %s', async (_how, write) => {
    const dir = freshDir();
    write(dir);
    releases.push(await lockDataDir(dir));
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
  });

  it('takes over, once it is stale, a lock from before a container restart that named the same pid', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: process.pid, space: 'the previous container' });
    const startedAt = Date.now();
    releases.push(await lockDataDir(dir, fast));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(fast.staleAfterMs - 50);
    expect(JSON.parse(readFileSync(lockFile(dir), 'utf8'))).toMatchObject({
      space: thisProcessSpace(),
    });
  });

  it('takes over at once a lock from elsewhere untouched for longer than the stale delay', async () => {
    const dir = freshDir();
    writeLock(dir, { pid: 1, space: 'another machine' });
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile(dir), longAgo, longAgo);
    const startedAt = Date.now();
    releases.push(await lockDataDir(dir, fast));
    expect(Date.now() - startedAt).toBeLessThan(fast.staleAfterMs);
  });

  it('refuses a lock from elsewhere that its holder keeps refreshing', async () => {
    const dir = freshDir();
    const holder = await holdInAnotherProcess(dir, 50);
    // As another container on the same volume would write it: a pid from another namespace.
    const written = JSON.parse(readFileSync(lockFile(dir), 'utf8'));
    writeFileSync(lockFile(dir), JSON.stringify({ ...written, space: 'another container' }));

    await expect(lockDataDir(dir, { refreshMs: 100, staleAfterMs: 5_000 })).rejects.toThrow(
      `DATA_DIR ${dir} is in use by another HackClass process (pid ${holder.pid}, in another container or on another machine)`,
    );
  }, 30_000);

  it('keeps its lock fresh while it holds it, and warns when the lock is taken from it', async () => {
    const dir = freshDir();
    releases.push(await lockDataDir(dir, fast));
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile(dir), longAgo, longAgo);
    await new Promise((resolve) => setTimeout(resolve, fast.refreshMs * 3));
    expect(Date.now() - statSync(lockFile(dir)).mtimeMs).toBeLessThan(fast.staleAfterMs);

    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    writeLock(dir, { pid: 1, space: 'another machine' });
    const warning = await warned;
    expect(warning.name).toBe('DataDirLockWarning');
    expect(warning.message).toContain(`DATA_DIR ${dir} was removed or taken over`);
  });
});
