import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from '@hackclass/db';
import { createKeySealer, KeySecretMismatchError } from '@hackclass/identity';
import { DamagedArchiveError, type ExtractedEntry, extractArchive } from './archive';
import type { BackupTarget } from './create-backup';
import { MANIFEST_ENTRY, type Manifest, parseManifest } from './manifest';
import { journals, migrationSets } from './migration-sets';
import { assertKnownVersion, migrateTo, SchemaVersionError } from './schema-version';
import { inTransaction, literals, qualified, type Sql } from './sql';
import {
  DATA_SCHEMAS,
  loadTable,
  productTables,
  resetSequences,
  rowCount,
  tableId,
} from './tables';

/** The target holds data and the operator did not ask to replace it. */
export class TargetNotEmptyError extends Error {
  override name = 'TargetNotEmptyError';
}

/** The archive's signing keys cannot be opened with the secret the restored server will use. */
export class KeySecretError extends Error {
  override name = 'KeySecretError';
}

export interface RestoreOptions {
  /** Replace whatever the target holds. */
  force?: boolean;
  /** The secret the restored identity service seals its signing keys with. */
  keySecret: string;
}

/** Reads the manifest and checks every entry's size and checksum against it. */
async function verifiedManifest(entries: Map<string, ExtractedEntry>): Promise<Manifest> {
  const manifestEntry = entries.get(MANIFEST_ENTRY);
  if (!manifestEntry) throw new DamagedArchiveError(`it has no ${MANIFEST_ENTRY}`);
  const manifest = parseManifest(await readFile(manifestEntry.path, 'utf8'));
  const listed = [...manifest.tables, ...manifest.files];
  for (const { entry, size, sha256 } of listed) {
    const found = entries.get(entry);
    if (!found) throw new DamagedArchiveError(`${entry} is missing`);
    if (found.size !== size || found.sha256 !== sha256) {
      throw new DamagedArchiveError(`${entry} does not match its checksum`);
    }
  }
  if (entries.size !== listed.length + 1) {
    const names = new Set(listed.map((item) => item.entry));
    const extra = [...entries.keys()].find((name) => name !== MANIFEST_ENTRY && !names.has(name));
    throw new DamagedArchiveError(`it holds ${extra}, which its manifest does not list`);
  }
  return manifest;
}

async function linesOf(entry: ExtractedEntry): Promise<string[]> {
  const text = await readFile(entry.path, 'utf8');
  return text === '' ? [] : text.slice(0, -1).split('\n');
}

/** The sealed values of each table that holds some, by column. */
const SEALED_COLUMNS = [
  { name: 'signing_keys', column: 'sealed_private_jwk' },
  { name: 'firebase_hash_params', column: 'sealed_signer_key' },
] as const;

/**
 * Refuses, before anything changes, sealed keys the restored server could not open: the signing
 * keys and the signer keys of Firebase imports.
 */
async function assertKeysOpen(
  manifest: Manifest,
  entries: Map<string, ExtractedEntry>,
  keySecret: string,
): Promise<void> {
  const sealer = createKeySealer(keySecret);
  for (const { name, column } of SEALED_COLUMNS) {
    const table = manifest.tables.find((t) => t.schema === 'identity' && t.name === name);
    const entry = table && entries.get(table.entry);
    if (!entry) continue;
    for (const line of await linesOf(entry)) {
      const sealed = (JSON.parse(line) as Record<string, string | null | undefined>)[column];
      if (!sealed) continue;
      try {
        await sealer.open(sealed);
      } catch (error) {
        if (!(error instanceof KeySecretMismatchError)) throw error;
        throw new KeySecretError(
          "The archive's keys are sealed with another secret than this server's: set IDENTITY_KEY_SECRET to the backed-up server's (one without it kept it in its DATA_DIR/identity-key-secret file: copy that file into this DATA_DIR)",
        );
      }
    }
  }
}

/** What the target holds now: rows in any product table, and stored files. */
async function contentsOf({ connection, files }: BackupTarget) {
  const rows = await inTransaction(connection, async (sql) => {
    let total = 0;
    for (const table of await productTables(sql)) total += await rowCount(sql, table);
    return total;
  });
  const keys: string[] = [];
  try {
    for await (const file of files.list()) keys.push(file.key);
  } catch (error) {
    // A file store kept in a database that was never migrated: it holds no files.
    if (!isUndefinedTable(error)) throw error;
  }
  return { rows, keys };
}

/** PostgreSQL's undefined_table, possibly wrapped by Drizzle. */
function isUndefinedTable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '42P01') return true;
  }
  return false;
}

/** Drops every product table and migration journal, so migrations start from nothing. */
async function dropSchema(sql: Sql): Promise<void> {
  const tables = await sql.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
      where schemaname in ${literals([...DATA_SCHEMAS, ...journals.map((set) => set.schema)])}`,
  );
  for (const table of tables) {
    await sql.query(`drop table if exists ${qualified(table.schema, table.name)} cascade`);
  }
}

/**
 * Restores the archive at `path` into the target: verifies it whole first (checksums, manifest,
 * schema versions, signing keys) so a damaged archive changes nothing; then, on an empty target
 * (no rows in any table, no stored files; tables migrated by a server that never held data count
 * as empty) or with `force`, builds the archive's schema version, loads the rows, migrates to
 * this code's version and writes the files.
 */
export async function restoreBackup(
  target: BackupTarget,
  path: string,
  { force = false, keySecret }: RestoreOptions,
): Promise<Manifest> {
  const scratch = await mkdtemp(join(tmpdir(), 'hackclass-restore-'));
  try {
    const entries = await extractArchive(path, scratch);
    const manifest = await verifiedManifest(entries);
    assertKnownVersion(migrationSets.api, 'api', manifest.schemaVersion.api);
    assertKnownVersion(migrationSets.identity, 'identity', manifest.schemaVersion.identity);
    const { mail } = manifest.schemaVersion;
    if (mail) assertKnownVersion(migrationSets.mail, 'mail', mail);
    await assertKeysOpen(manifest, entries, keySecret);

    const { rows, keys } = await contentsOf(target);
    if (!force && (rows > 0 || keys.length > 0)) {
      throw new TargetNotEmptyError(
        `The target is not empty (${rows} rows, ${keys.length} stored files): restore into an empty database, or pass --force to replace what it holds`,
      );
    }
    // Files first: a file store kept in the database needs its tables to delete them.
    for (const key of keys) await target.files.delete(key);
    await inTransaction(target.connection, dropSchema);

    await migrateTo(target.connection, migrationSets.api, manifest.schemaVersion.api);
    await migrateTo(target.connection, migrationSets.identity, manifest.schemaVersion.identity);
    if (mail) await migrateTo(target.connection, migrationSets.mail, mail);
    await inTransaction(target.connection, async (sql) => {
      const present = (await productTables(sql)).map(tableId).sort();
      const archived = manifest.tables.map(tableId).sort();
      if (present.join() !== archived.join()) {
        throw new SchemaVersionError(
          `The archive's tables (${archived.join(', ')}) are not those of its schema version (${present.join(', ')})`,
        );
      }
      for (const table of manifest.tables) {
        const entry = entries.get(table.entry) as ExtractedEntry;
        await loadTable(sql, table, await linesOf(entry));
        await resetSequences(sql, table);
        const loaded = await rowCount(sql, table);
        if (loaded !== table.rows) {
          throw new DamagedArchiveError(`${table.entry} holds ${loaded} rows, not ${table.rows}`);
        }
      }
    });
    await migrate(target.connection, migrationSets.api);
    await migrate(target.connection, migrationSets.identity);
    await migrate(target.connection, migrationSets.mail);
    // After the migrations: a file store kept in the database may be newer than the archive.
    for (const file of manifest.files) {
      const entry = entries.get(file.entry) as ExtractedEntry;
      await target.files.put(file.key, createReadStream(entry.path));
    }
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
