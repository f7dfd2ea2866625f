import { readFileSync } from 'node:fs';
import { drizzleOver, pendingMigrations } from '@hackclass/db';
import {
  createKeySealer,
  ExportFileError,
  type FirebaseHashParams,
  identityMigrations,
  identitySchema,
  importFirebaseAccounts,
  localKeySecret,
  readFirebaseExport,
} from '@hackclass/identity';
import { CommandError, type CommandIo } from '../command';
import { loadServerConfig, openDatabase } from '../database';
import type { ImportRun } from './import-report';

function usersOf(file: string) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CommandError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    return readFirebaseExport(text);
  } catch (error) {
    if (error instanceof ExportFileError) throw new CommandError(`${file} ${error.message}`);
    throw error;
  }
}

/**
 * Reads the export, then imports it into the built-in identity service's accounts on the
 * server's database. The embedded database is taken under the server's lock, so the command
 * refuses while the server runs; PostgreSQL is imported into alongside it.
 */
export async function runImport(
  io: CommandIo,
  { file, params, dryRun }: { file: string; params: FirebaseHashParams; dryRun: boolean },
): Promise<ImportRun> {
  const users = usersOf(file);
  const config = loadServerConfig(io);
  if (config.firebase) {
    throw new CommandError(
      `FIREBASE_PROJECT_ID is set: accounts stay at the Firebase project ${config.firebase.projectId} and the built-in identity service is off, so there is nothing to import into`,
    );
  }
  const connection = await openDatabase(config);
  try {
    if ((await pendingMigrations(connection, identityMigrations)).length > 0) {
      throw new CommandError(
        'The database lacks the identity service’s tables of this version: run `npx hackclass migrate` first',
      );
    }
    const startedAt = new Date();
    io.out(`Read ${users.length} users from ${file}.\n`);
    const result = await importFirebaseAccounts(drizzleOver(connection, identitySchema), users, {
      params,
      // Sealed as the server seals its signing keys, so the server can open it and nobody else.
      sealer: createKeySealer(config.identity.keySecret ?? localKeySecret(config.dataDir)),
      dryRun,
      onBatch: (done) => io.out(`  ${done} of ${users.length} done\n`),
    });
    return { file, dryRun, startedAt, finishedAt: new Date(), result };
  } finally {
    await connection.close();
  }
}
