import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openConnection } from '../src/connection';
import { type MigrationSet, migrate } from '../src/migrate';

/** The installed PGlite's version, read off its package folder (its exports hide package.json). */
const pgliteVersion = (): string => {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const folder = entry.slice(0, entry.lastIndexOf('/dist/'));
  const manifest = readFileSync(join(folder, 'package.json'), 'utf8');
  return (JSON.parse(manifest) as { version: string }).version;
};

let template: Promise<string> | undefined;

/**
 * An empty PGlite cluster, made once per machine and PGlite version (making one, PostgreSQL's
 * initdb, takes seconds; copying it, a tenth of that), cleanly shut down. Several test processes
 * may make it at once: each builds its own and the first to move it in place wins.
 */
function cleanCluster(): Promise<string> {
  template ??= (async () => {
    const dir = join(tmpdir(), `hackclass-pglite-cluster-${pgliteVersion()}`);
    if (existsSync(join(dir, 'PG_VERSION'))) return dir;
    const building = `${dir}.${randomBytes(6).toString('hex')}`;
    const client = new PGlite(building);
    await client.waitReady;
    await client.close();
    settle(building, dir);
    return dir;
  })();
  return template;
}

/** Moves a cluster built at `building` to `dir`, unless another process moved one there first. */
function settle(building: string, dir: string): void {
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
}

/** What a migrated cluster depends on: PGlite's version and every file of every set, in order. */
function fingerprint(sets: MigrationSet[]): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const set of sets) {
    hash.update(`\0${set.schema}.${set.table}`);
    const files = readdirSync(set.folder, { recursive: true, encoding: 'utf8' }).sort();
    for (const file of files.filter((name) => /\.(sql|json)$/.test(name))) {
      hash.update(`\0${file}\0`).update(readFileSync(join(set.folder, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const migratedClusters = new Map<string, Promise<string>>();

/**
 * A cluster with the migrations of `sets` applied, made once per machine and per content of the
 * migrations (a change to one makes a new cluster): a server that starts on a copy finds its
 * schema current, where migrating an empty cluster took 3 of its 7 CPU-seconds to start.
 */
function migratedCluster(sets: MigrationSet[]): Promise<string> {
  const key = fingerprint(sets);
  let cluster = migratedClusters.get(key);
  if (!cluster) {
    cluster = (async () => {
      const dir = join(tmpdir(), `hackclass-pglite-migrated-${key}`);
      if (existsSync(join(dir, 'PG_VERSION'))) return dir;
      const dataDir = mkdtempSync(join(tmpdir(), 'hackclass-pglite-migrating-'));
      try {
        cpSync(await cleanCluster(), join(dataDir, 'db'), { recursive: true });
        const connection = await openConnection({ dataDir });
        try {
          for (const set of sets) await migrate(connection, set);
        } finally {
          await connection.close();
        }
        settle(join(dataDir, 'db'), dir);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
      return dir;
    })();
    migratedClusters.set(key, cluster);
  }
  return cluster;
}

/**
 * Puts a copy of a cluster at `dbDir`, where PGlite opens it as its own: an empty one, or one
 * with the migrations of `sets` applied.
 */
export async function copyCluster(dbDir: string, sets: MigrationSet[] = []): Promise<void> {
  const source = sets.length > 0 ? await migratedCluster(sets) : await cleanCluster();
  cpSync(source, dbDir, { recursive: true });
}
