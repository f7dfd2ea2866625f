import type { FileStore } from './file-store';

/**
 * Copies into `to` every file of `from` that `to` lacks, e.g. a folder's files into the
 * database when a deployment moves to shared storage. Keys are never reused for other bytes,
 * so a key `to` already holds is the same file; running it again copies nothing new.
 */
export async function copyMissingFiles(
  from: FileStore,
  to: FileStore,
): Promise<{ found: number; copied: number }> {
  const present = new Set<string>();
  for await (const { key } of to.list()) present.add(key);
  let found = 0;
  let copied = 0;
  for await (const { key } of from.list()) {
    found += 1;
    if (present.has(key)) continue;
    await to.put(key, (await from.get(key)).body);
    copied += 1;
  }
  return { found, copied };
}
