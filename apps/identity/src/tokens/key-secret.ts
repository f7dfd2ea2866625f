import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret signing keys are sealed with when IDENTITY_KEY_SECRET is unset: random, made on
 * first start and kept owner-only in DATA_DIR. Enough on one machine; replicas sharing a database
 * must set IDENTITY_KEY_SECRET instead.
 */
export function localKeySecret(dataDir: string): string {
  const file = join(dataDir, 'identity-key-secret');
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
