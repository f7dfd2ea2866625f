import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Command, CommandError, parseCommandArgs, UsageError } from '../command';

export const restoreCommand: Command = {
  name: 'restore',
  summary: 'restore <file> [--force]: an archive into an empty database and file store',
  usage: [
    'Usage: npx hackclass restore <file> [--force] [--accept-unsigned]',
    '',
    'Restores an archive made by `hackclass backup` into the database and file store the',
    'settings name (PGlite in DATA_DIR, or DATABASE_URL), from either kind to either kind. The',
    'whole archive is verified first: its signature (made with the identity key secret, which',
    "must be the backed-up server's), every checksum, and its keys; a damaged or altered one",
    'changes nothing. The target must hold no rows and no files; --force replaces what it holds.',
    'Stop the server first.',
    '',
    '--accept-unsigned restores an archive with no signature (made before backups were signed)',
    'as it is: use it only for an archive nobody else could have written.',
  ].join('\n'),
  async run(args, io) {
    const { positionals, values } = parseCommandArgs(args, {
      force: { type: 'boolean' },
      'accept-unsigned': { type: 'boolean' },
    });
    if (positionals.length !== 1)
      throw new UsageError('restore takes one argument: the archive file');
    const file = resolve(positionals[0] as string);
    if (!existsSync(file)) throw new CommandError(`${file} does not exist`);
    const { DamagedArchiveError } = await import('../backup/archive');
    const { openTarget } = await import('../backup/open-target');
    const { restoreBackup, TargetNotEmptyError } = await import('../backup/restore-backup');
    const { SchemaVersionError } = await import('../backup/schema-version');
    const { KeySecretError } = await import('../backup/sealed-keys');
    const { BackupSignatureError } = await import('../backup/signature');
    const explained = [
      BackupSignatureError,
      DamagedArchiveError,
      KeySecretError,
      SchemaVersionError,
      TargetNotEmptyError,
    ];
    const target = await openTarget(io);
    try {
      const { manifest, signed } = await restoreBackup(target, file, {
        force: values.force === true,
        keySecret: target.keySecret,
        acceptUnsigned: values['accept-unsigned'] === true,
      });
      if (!signed) {
        io.err(
          `WARNING: ${file} is not signed, and was restored as it is because of --accept-unsigned. Anyone who could write it could have changed any account, password or key in it: if you are not sure where it has been, restore a signed backup instead.\n`,
        );
      }
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      io.out(
        `Restored ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files from ${file} (made ${manifest.createdAt} on ${manifest.source})\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof DamagedArchiveError) {
        throw new CommandError(
          `${file} is damaged or not a HackClass backup: ${error.message}. Nothing was changed.`,
        );
      }
      if (explained.some((kind) => error instanceof kind)) {
        throw new CommandError((error as Error).message);
      }
      throw error;
    } finally {
      await target.close();
    }
  },
};
