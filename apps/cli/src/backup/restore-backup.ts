import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analyzeTables, drizzleOver, migrate } from '@hackclass/db';
import { DamagedArchiveError, type ExtractedEntry, extractArchive } from './archive';
import type { BackupTarget } from './create-backup';
import { MANIFEST_ENTRY, type Manifest, parseManifest } from './manifest';
import { journals, migrationSets } from './migration-sets';
import { assertKnownVersion, migrateTo, SchemaVersionError } from './schema-version';
import { holdsKeys, KeySecretError, keyProblem } from './sealed-keys';
import { checkSignature, SIGNATURE_ENTRY } from './signature';
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

export interface RestoreOptions {
  /** Replace whatever the target holds. */
  force?: boolean;
  /**
   * The secret the restored identity service seals its signing keys with; the archive must be
   * signed with it too.
   */
  keySecret: string;
  /** Restore an archive without a signature (one made before backups were signed). */
  acceptUnsigned?: boolean;
}

export interface Restored {
  manifest: Manifest;
  /** False for an unsigned archive restored with `acceptUnsigned`. */
  signed: boolean;
}

/**
 * Checks the manifest's signature, then every entry's size and checksum against the manifest.
 * Nothing else in the archive is read before the signature holds.
 */
async function verifiedManifest(
  entries: Map<string, ExtractedEntry>,
  { keySecret, acceptUnsigned }: RestoreOptions,
): Promise<Restored> {
  const manifestEntry = entries.get(MANIFEST_ENTRY);
  if (!manifestEntry) throw new DamagedArchiveError(`it has no ${MANIFEST_ENTRY}`);
  const manifestBytes = await readFile(manifestEntry.path);
  const signatureEntry = entries.get(SIGNATURE_ENTRY);
  const signature = signatureEntry && (await readFile(signatureEntry.path));
  const signed =
    checkSignature(manifestBytes, signature, keySecret, { acceptUnsigned }) === 'signed';
  const manifest = parseManifest(manifestBytes.toString('utf8'));
  const listed = [...manifest.tables, ...manifest.files];
  for (const { entry, size, sha256 } of listed) {
    const found = entries.get(entry);
    if (!found) throw new DamagedArchiveError(`${entry} is missing`);
    if (found.size !== size || found.sha256 !== sha256) {
      throw new DamagedArchiveError(`${entry} does not match its checksum`);
    }
  }
  const own = new Set([MANIFEST_ENTRY, SIGNATURE_ENTRY, ...listed.map((item) => item.entry)]);
  const extra = [...entries.keys()].find((name) => !own.has(name));
  if (extra !== undefined) {
    throw new DamagedArchiveError(`it holds ${extra}, which its manifest does not list`);
  }
  return { manifest, signed };
}

async function linesOf(entry: ExtractedEntry): Promise<string[]> {
  const text = await readFile(entry.path, 'utf8');
  return text === '' ? [] : text.slice(0, -1).split('\n');
}

/**
 * Refuses, before anything changes, signing keys kept in plain and sealed keys the restored
 * server could not open: the signing keys and the signer keys of Firebase imports.
 */
async function assertKeysSealed(
  manifest: Manifest,
  entries: Map<string, ExtractedEntry>,
  keySecret: string,
): Promise<void> {
  for (const table of manifest.tables.filter(holdsKeys)) {
    const problem = await keyProblem(
      table,
      await linesOf(entries.get(table.entry) as ExtractedEntry),
      keySecret,
    );
    if (problem?.kind === 'plain') {
      throw new DamagedArchiveError(
        `it holds the signing key ${problem.kid} in plain (private_jwk), where HackClass backs up only sealed keys: whoever put it there could sign in as anyone`,
      );
    }
    if (problem?.kind === 'other-secret') {
      throw new KeySecretError(
        "The archive's keys are sealed with another secret than this server's: set IDENTITY_KEY_SECRET to the backed-up server's (one without it kept it in its DATA_DIR/identity-key-secret file: copy that file into this DATA_DIR)",
      );
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

/**
 * Drops every product table, migration journal and function the migrations made (not an
 * extension's), so migrations start from nothing.
 */
async function dropSchema(sql: Sql): Promise<void> {
  const schemas = literals([...DATA_SCHEMAS, ...journals.map((set) => set.schema)]);
  const tables = await sql.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables where schemaname in ${schemas}`,
  );
  for (const table of tables) {
    await sql.query(`drop table if exists ${qualified(table.schema, table.name)} cascade`);
  }
  const functions = await sql.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ${schemas}
        and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { signature } of functions) {
    await sql.query(`drop function if exists ${signature} cascade`);
  }
}

/**
 * Restores the archive at `path` into the target: verifies it whole first (signature, checksums,
 * manifest, schema versions, signing keys) so a damaged or altered archive changes nothing; then,
 * on an empty target (no rows in any table, no stored files; tables migrated by a server that
 * never held data count as empty) or with `force`, builds the archive's schema version, loads the
 * rows, migrates to this code's version, gathers the tables' statistics and writes the files.
 */
export async function restoreBackup(
  target: BackupTarget,
  path: string,
  options: RestoreOptions,
): Promise<Restored> {
  const { force = false, keySecret } = options;
  const scratch = await mkdtemp(join(tmpdir(), 'hackclass-restore-'));
  try {
    const entries = await extractArchive(path, scratch);
    const { manifest, signed } = await verifiedManifest(entries, options);
    assertKnownVersion(migrationSets.api, 'api', manifest.schemaVersion.api);
    assertKnownVersion(migrationSets.identity, 'identity', manifest.schemaVersion.identity);
    const { mail } = manifest.schemaVersion;
    if (mail) assertKnownVersion(migrationSets.mail, 'mail', mail);
    await assertKeysSealed(manifest, entries, keySecret);

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
    const loaded = await inTransaction(target.connection, productTables);
    await analyzeTables(drizzleOver(target.connection, {}), loaded);
    // After the migrations: a file store kept in the database may be newer than the archive.
    for (const file of manifest.files) {
      const entry = entries.get(file.entry) as ExtractedEntry;
      await target.files.put(file.key, createReadStream(entry.path));
    }
    return { manifest, signed };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
