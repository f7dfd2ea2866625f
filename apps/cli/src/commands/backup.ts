import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Command, CommandError, parseCommandArgs, UsageError } from '../command';

const rootPackage = new URL('../../../../package.json', import.meta.url);

/** The product's version as its package.json states it, when it states one. */
function productVersion(): string | null {
  const { version } = JSON.parse(readFileSync(rootPackage, 'utf8')) as { version?: string };
  return version ?? null;
}

export const backupCommand: Command = {
  name: 'backup',
  summary: 'backup <file>: the database, uploaded files and schema version in one archive',
  usage: [
    'Usage: npx hackclass backup <file>',
    '',
    'Writes one gzipped tar archive: every table, every uploaded file, the schema version and a',
    'checksum of each, signed with a key derived from the identity key secret',
    '(IDENTITY_KEY_SECRET, or DATA_DIR/identity-key-secret): restore accepts it only with the',
    'same secret. On PostgreSQL it runs while the server serves (one consistent snapshot); the',
    'embedded database must be stopped first. The file must not exist yet.',
  ].join('\n'),
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {});
    if (positionals.length !== 1)
      throw new UsageError('backup takes one argument: the archive file');
    const file = resolve(positionals[0] as string);
    if (existsSync(file)) throw new CommandError(`${file} exists already: choose another name`);
    const { openTarget } = await import('../backup/open-target');
    const { createBackup } = await import('../backup/create-backup');
    const { KeySecretError } = await import('../backup/sealed-keys');
    const target = await openTarget(io);
    try {
      const manifest = await createBackup(target, file, {
        keySecret: target.keySecret,
        productVersion: productVersion(),
      });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      const bytes = manifest.files.reduce((sum, stored) => sum + stored.size, 0);
      io.out(
        `Backed up ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files (${bytes} bytes) to ${file}\n` +
          `Schema version: api ${manifest.schemaVersion.api}, identity ${manifest.schemaVersion.identity}\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof KeySecretError) throw new CommandError(error.message);
      throw error;
    } finally {
      await target.close();
    }
  },
};
