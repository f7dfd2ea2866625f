import { randomUUID } from 'node:crypto';

/** Lower-case segments of letters, digits and dashes, joined by '/': never a path outside. */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*$/;

export function assertStorageKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 200) {
    throw new TypeError(`Invalid storage key ${JSON.stringify(key)}`);
  }
}

/**
 * A fresh key under `prefix`, e.g. `lab-files/2b1c…`. Keys never derive from user input, so
 * an uploaded file's name cannot choose where it is stored.
 */
export function newStorageKey(prefix: string): string {
  const key = `${prefix}/${randomUUID()}`;
  assertStorageKey(key);
  return key;
}
