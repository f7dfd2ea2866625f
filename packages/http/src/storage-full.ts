import { statfs } from 'node:fs/promises';
import { DISK_RESERVE_BYTES } from '@hackclass/storage';
import type { DependencyStatus } from './health';

/** Node's file system errors of a disk, or a user's disk quota, with no room left. */
const FILE_SYSTEM_CODES = new Set(['ENOSPC', 'EDQUOT']);
/**
 * SQLSTATE 53100, `disk_full`: PostgreSQL (and PGlite) could not extend a table or write WAL.
 * The statement failed and its transaction rolled back; the database itself is sound.
 */
const DISK_FULL_STATE = '53100';

/**
 * Whether `error`, or an error that caused it (Drizzle wraps driver errors), says the disk that
 * holds the data is full: a write to retry once space is freed, neither a fault of the request
 * nor of the server's code.
 */
export function isStorageFull(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && (FILE_SYSTEM_CODES.has(code) || code === DISK_FULL_STATE)) {
      return true;
    }
    seen.add(current);
    current = current.cause;
  }
  return false;
}

/**
 * `/readyz`'s check of the disk under `dir`: degraded below the room kept for the database,
 * where uploads are refused already and the database's own writes will be next. Reads go on, so it never fails
 * readiness: the only replica of an embedded install must not be taken out of service for it.
 */
export function diskReadiness(dir: string): () => Promise<DependencyStatus> {
  return async () => {
    const { bavail, bsize } = await statfs(dir);
    const free = bavail * bsize;
    const freeMiB = Math.floor(free / 1024 / 1024);
    return free < DISK_RESERVE_BYTES
      ? { status: 'degraded', detail: `${freeMiB} MiB free under DATA_DIR` }
      : { status: 'ok' };
  };
}
