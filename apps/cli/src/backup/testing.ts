import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from '@hackclass/db';
import type { FileStore } from '@hackclass/storage';
import { extractArchive, writeArchive } from './archive';
import { MANIFEST_ENTRY, type Manifest } from './manifest';
import { inTransaction } from './sql';
import { productTables, tableId, tableLines } from './tables';

export interface Digest {
  /** Per table: its row count and a hash of its rows in primary-key order. */
  tables: Record<string, { rows: number; sha256: string }>;
  /** Per stored file: a hash of its bytes. */
  files: Record<string, string>;
}

/** What a lossless backup and restore must keep equal: every table and every file. */
export async function digestOf(connection: Connection, files: FileStore): Promise<Digest> {
  const tables = await inTransaction(connection, async (sql) => {
    const digest: Digest['tables'] = {};
    for (const table of await productTables(sql)) {
      const lines = await tableLines(sql, table);
      digest[tableId(table)] = {
        rows: lines.length,
        sha256: createHash('sha256').update(lines.join('\n')).digest('hex'),
      };
    }
    return digest;
  });
  const stored: Digest['files'] = {};
  for await (const { key } of files.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await files.get(key)).body) hash.update(chunk as Buffer);
    stored[key] = hash.digest('hex');
  }
  return { tables, files: stored };
}

/** An archive's entries by name, in the archive's order. */
export async function readEntries(path: string): Promise<Map<string, Buffer>> {
  const folder = await mkdtemp(join(tmpdir(), 'hackclass-entries-'));
  try {
    const entries = new Map<string, Buffer>();
    for (const [name, entry] of await extractArchive(path, folder)) {
      entries.set(name, await readFile(entry.path));
    }
    return entries;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Packs `entries` into a new archive at `path`, as the backup writes one. */
export async function writeEntries(path: string, entries: Map<string, Buffer>): Promise<void> {
  const archive = writeArchive(path);
  for (const [name, body] of entries) await archive.add(name, body.length, body);
  await archive.finish();
}

/**
 * Replaces an entry and rewrites its size and SHA-256 in the manifest, as anyone who can write
 * the archive can; the signature is left as it was.
 */
export function rewriteEntry(entries: Map<string, Buffer>, name: string, body: Buffer): void {
  entries.set(name, body);
  const manifest = JSON.parse(String(entries.get(MANIFEST_ENTRY))) as Manifest;
  for (const listed of [...manifest.tables, ...manifest.files]) {
    if (listed.entry !== name) continue;
    listed.size = body.length;
    listed.sha256 = createHash('sha256').update(body).digest('hex');
  }
  entries.set(MANIFEST_ENTRY, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
}
