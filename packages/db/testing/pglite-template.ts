import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

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
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
    }
    return dir;
  })();
  return template;
}

/** Puts a copy of an empty cluster at `dbDir`, where PGlite opens it as its own. */
export async function copyCleanCluster(dbDir: string): Promise<void> {
  cpSync(await cleanCluster(), dbDir, { recursive: true });
}
