import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const releases: Array<() => void> = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
});

function freshDir() {
  return mkdtempSync(join(tmpdir(), 'hackclass-lock-'));
}

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, naming the folder and the process', async () => {
    const dir = freshDir();
    const holder = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'hackclass.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(
        `DATA_DIR ${dir} is in use by another HackClass process (pid ${holder.pid})`,
      );
    } finally {
      holder.kill();
    }
  });

  it('refuses a second lock from the same process', () => {
    const dir = freshDir();
    releases.push(lockDataDir(dir));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that died', async () => {
    const dir = freshDir();
    const dead = spawn('true');
    await new Promise((resolve) => dead.on('exit', resolve));
    writeFileSync(join(dir, 'hackclass.lock'), String(dead.pid));
    const release = lockDataDir(dir);
    expect(existsSync(join(dir, 'hackclass.lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'hackclass.lock'))).toBe(false);
  });
});
