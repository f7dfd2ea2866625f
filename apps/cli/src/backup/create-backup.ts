import type { Connection } from '@hackclass/db';
import { FileNotFoundError, type FileStore } from '@hackclass/storage';
import { writeArchive } from './archive';
import { FORMAT_VERSION, MANIFEST_ENTRY, type Manifest } from './manifest';
import { migrationSets } from './migration-sets';
import { appliedVersion, SchemaVersionError } from './schema-version';
import { KeySecretError, keyProblem } from './sealed-keys';
import { SIGNATURE_ENTRY, signManifest } from './signature';
import { inTransaction, type Sql } from './sql';
import { productTables, type Table, tableId, tableLines } from './tables';

export interface BackupTarget {
  connection: Connection;
  files: FileStore;
}

async function schemaVersionOf(sql: Sql): Promise<Manifest['schemaVersion']> {
  const api = await appliedVersion(sql, migrationSets.api);
  const identity = await appliedVersion(sql, migrationSets.identity);
  const mail = await appliedVersion(sql, migrationSets.mail);
  if (!api || !identity) {
    throw new SchemaVersionError(
      'The database has no HackClass schema yet: start the server once, or run migrate, before backing it up',
    );
  }
  return { api, identity, ...(mail ? { mail } : {}) };
}

/**
 * Refuses keys a restore would refuse: a signing key in plain (the server seals them at start),
 * or sealed keys `keySecret` does not open, for the archive would be signed with a secret that is
 * not the server's.
 */
async function assertKeysSealed(table: Table, lines: string[], keySecret: string) {
  const problem = await keyProblem(table, lines, keySecret);
  if (problem?.kind === 'plain') {
    throw new KeySecretError(
      `The database holds the signing key ${problem.kid} in plain: start the server once (it seals its keys as it starts), then back up`,
    );
  }
  if (problem?.kind === 'other-secret') {
    throw new KeySecretError(
      "The database's keys are sealed with another secret than this command's, which signs the backup: run it with the server's IDENTITY_KEY_SECRET (a server without it keeps its secret in DATA_DIR/identity-key-secret: run it with the server's DATA_DIR)",
    );
  }
}

/**
 * Writes one archive at `path` (it must not exist): every table's rows read in one snapshot,
 * then every stored file, then the manifest with the schema version and a checksum per entry,
 * then the manifest's signature under `keySecret` (the identity key secret, which a restore must
 * hold). A failure leaves no archive behind.
 */
export async function createBackup(
  { connection, files }: BackupTarget,
  path: string,
  { keySecret, productVersion = null }: { keySecret: string; productVersion?: string | null },
): Promise<Manifest> {
  const archive = writeArchive(path);
  try {
    const createdAt = new Date().toISOString();
    const { schemaVersion, tables } = await inTransaction(
      connection,
      async (sql) => {
        const schemaVersion = await schemaVersionOf(sql);
        const tables: Manifest['tables'] = [];
        for (const table of await productTables(sql)) {
          const lines = await tableLines(sql, table);
          await assertKeysSealed(table, lines, keySecret);
          const body = Buffer.from(lines.map((line) => `${line}\n`).join(''));
          const entry = `tables/${tableId(table)}.jsonl`;
          const written = await archive.add(entry, body.length, body);
          tables.push({ ...table, entry, rows: lines.length, ...written });
        }
        return { schemaVersion, tables };
      },
      { snapshot: true },
    );
    // After the snapshot: a file store kept in the same embedded database cannot be read while
    // a transaction holds it.
    const keys: string[] = [];
    for await (const file of files.list()) keys.push(file.key);
    const stored: Manifest['files'] = [];
    for (const key of keys.sort()) {
      // Deleted by the running server since it was listed: no longer part of the product's data.
      const file = await files.get(key).catch((error: unknown) => {
        if (error instanceof FileNotFoundError) return undefined;
        throw error;
      });
      if (!file) continue;
      const entry = `files/${key}`;
      stored.push({ key, entry, ...(await archive.add(entry, file.size, file.body)) });
    }
    const manifest: Manifest = {
      format: 'hackclass-backup',
      formatVersion: FORMAT_VERSION,
      productVersion,
      createdAt,
      source: connection.kind === 'pglite' ? 'pglite' : 'postgresql',
      schemaVersion,
      tables,
      files: stored,
    };
    const body = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await archive.add(MANIFEST_ENTRY, body.length, body);
    const signature = signManifest(body, keySecret);
    await archive.add(SIGNATURE_ENTRY, signature.length, signature);
    await archive.finish();
    return manifest;
  } catch (error) {
    await archive.abort();
    throw error;
  }
}
