import { createHash } from 'node:crypto';
import type { Connection } from '@hackclass/db';
import type { FileStore } from '@hackclass/storage';
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
