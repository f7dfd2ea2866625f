import { randomUUID } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Another live process already holds the data folder. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export interface LockTimings {
  /** How often the holder touches the lock file to show it is alive. */
  refreshMs?: number;
  /** A lock file untouched this long belongs to a process that is gone. */
  staleAfterMs?: number;
}

interface Holder {
  pid: number;
  /** Where `pid` means something: this boot of this machine and this process namespace. */
  space: string;
  token: string;
}

const LOCK_FILE = 'hackclass.lock';
/** Lock files this process holds: a second claim from within it is refused, whatever the pid. */
const held = new Set<string>();

function readOr(path: string, fallback: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return fallback;
  }
}

/**
 * The boot and pid namespace this process runs in. A container restarted after an unclean stop
 * has a new pid namespace, and often the same pid (1) as before: in another space a pid proves
 * nothing, alive or dead.
 */
export function thisProcessSpace(): string {
  const boot = readOr('/proc/sys/kernel/random/boot_id', hostname());
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux: no pid namespaces, the host name and pid suffice.
  }
  return `${boot} ${namespace}`.trim();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder named in the lock file and when it last showed it was alive; `null` when gone. */
function inspect(file: string): { holder: Holder | null; touchedAt: number } | null {
  try {
    const text = readFileSync(file, 'utf8');
    const touchedAt = statSync(file).mtimeMs;
    // Before this format, the file held a bare pid, written by a process on this machine.
    if (/^\d+$/.test(text.trim())) {
      return {
        holder: { pid: Number(text), space: thisProcessSpace(), token: text },
        touchedAt,
      };
    }
    try {
      return { holder: JSON.parse(text) as Holder, touchedAt };
    } catch {
      return { holder: null, touchedAt };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Creates the lock file with its content in one step (a hard link to a finished draft), so a
 * reader never sees it half-written; where the file system has no hard links, a plain exclusive
 * create does, and a reader that sees it empty waits as for a holder elsewhere.
 */
function tryCreate(dataDir: string, file: string, me: Holder): boolean {
  const content = JSON.stringify(me);
  const draft = join(dataDir, `${LOCK_FILE}.${me.token}`);
  try {
    writeFileSync(draft, content, { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
      writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/** Removes the lock file if it still names `token`: never someone else's newer lock. */
function removeIfHeldBy(file: string, token: string | undefined): void {
  if (inspect(file)?.holder?.token === token) rmSync(file, { force: true });
}

/** Touches the lock file while it names `token`: true when it did. */
function refresh(file: string, token: string): boolean {
  try {
    if (inspect(file)?.holder?.token !== token) return false;
    const now = new Date();
    utimesSync(file, now, now);
    return true;
  } catch {
    return false;
  }
}

function refreshWhileHeld(dataDir: string, file: string, token: string, refreshMs: number) {
  const timer = setInterval(() => {
    if (refresh(file, token)) return;
    clearInterval(timer);
    process.emitWarning(
      `The lock on DATA_DIR ${dataDir} was removed or taken over by another process while this one held it`,
      'DataDirLockWarning',
    );
  }, refreshMs);
  timer.unref();
  return timer;
}

const inUse = (dataDir: string, where: string) =>
  new DataDirLockedError(
    `DATA_DIR ${dataDir} is in use by another HackClass process (${where}); stop it or choose another DATA_DIR`,
  );

/**
 * Claims `dataDir` for this process. PGlite takes no lock of its own and two processes on one
 * folder corrupt it, so a second server on the same folder must stop before opening it.
 *
 * The lock is a file naming the holder's pid, refreshed every `refreshMs` while the holder lives.
 * Node has no advisory file lock (flock) the kernel would drop with the process, so liveness is
 * judged two ways. A holder in this boot and pid namespace is alive exactly when its pid is and is
 * not ours: a lock naming our own pid, left by an earlier run, is taken over at once. A holder
 * elsewhere (another container on the same volume, or this container before a restart, whose pid
 * may equal ours) is watched: if it refreshes the file it is alive and the claim is refused; a
 * file untouched for `staleAfterMs` was left by a process that is gone and is taken over.
 * Resolves with the function that releases the lock.
 */
export async function lockDataDir(
  dataDir: string,
  { refreshMs = 2_000, staleAfterMs = 10_000 }: LockTimings = {},
): Promise<() => void> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  if (held.has(file)) throw inUse(dataDir, `pid ${process.pid}, this one`);
  const me: Holder = { pid: process.pid, space: thisProcessSpace(), token: randomUUID() };
  let watched: { token: string | undefined; touchedAt: number } | undefined;
  while (!tryCreate(dataDir, file, me)) {
    const seen = inspect(file);
    if (seen === null) continue;
    const { holder, touchedAt } = seen;
    const stale = Date.now() - touchedAt > staleAfterMs;
    if (holder?.space === me.space) {
      if (holder.pid !== process.pid && isAlive(holder.pid))
        throw inUse(dataDir, `pid ${holder.pid}`);
      removeIfHeldBy(file, holder.token);
    } else if (stale) {
      removeIfHeldBy(file, holder?.token);
    } else if (
      watched !== undefined &&
      (watched.token !== holder?.token || watched.touchedAt !== touchedAt)
    ) {
      throw inUse(
        dataDir,
        `${holder ? `pid ${holder.pid}, ` : ''}in another container or on another machine`,
      );
    } else {
      watched = { token: holder?.token, touchedAt };
      await sleep(Math.min(refreshMs, staleAfterMs) / 2);
    }
  }
  held.add(file);
  const timer = refreshWhileHeld(dataDir, file, me.token, refreshMs);
  return () => {
    clearInterval(timer);
    held.delete(file);
    removeIfHeldBy(file, me.token);
  };
}
