import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** DATA_DIR is open to other users of the machine. */
export class DataDirOpenError extends Error {
  override name = 'DataDirOpenError';
}

/**
 * Every file and folder this process creates is its owner's alone (0600, 0700): the database,
 * whose log holds the signing keys and every password hash, the outbox, uploads and the lock.
 * Process-wide, so it runs first in every entry point.
 */
export function ownerOnlyFiles(): void {
  process.umask(0o077);
}

/**
 * Creates `dataDir` owner-only, or checks that an existing one is: anyone who can read it can
 * read the database under it.
 */
export function secureDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    throw new DataDirOpenError(
      `DATA_DIR ${dataDir} is open to other users of this machine (mode ${mode.toString(8)}), and it holds the database with password hashes and signing keys: run chmod 700 ${dataDir}`,
    );
  }
}

/**
 * Makes every file under `dir` owner-only. PGlite ignores the umask: its file system layer
 * copies the bundled database files with their mode (0666) and rewrites some files (0644) each
 * time it opens, so the embedded database is walked once it is open.
 */
export function ownerOnlyTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      chmodSync(path, 0o700);
      ownerOnlyTree(path);
    } else if (entry.isFile()) {
      chmodSync(path, 0o600);
    }
  }
}
