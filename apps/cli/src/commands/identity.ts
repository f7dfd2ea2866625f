import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { type Command, parseCommandArgs, UsageError } from '../command';

export const identityCommand: Command = {
  name: 'identity',
  summary: 'identity import <file> …: bring users and their passwords across from Firebase',
  usage: [
    'Usage: npx hackclass identity import <file> --hash-algo SCRYPT --hash-key <base64>',
    '         --salt-separator <base64> --rounds <n> --mem-cost <n> [--dry-run] [--report <file.json>]',
    '',
    'Imports the users of a Firebase Auth export (`firebase auth:export users.json --format=json`)',
    'into the built-in identity service. The hash options are the project’s password hash',
    'parameters from the Firebase console (Authentication → Users → ⋮ → Password hash parameters),',
    'as Firebase’s own auth:import takes them. Users sign in with their old password; it is',
    're-hashed with this server’s parameters at that sign-in.',
    '',
    'Kept: uid, email, verification, display name, photo, creation and last sign-in time, disabled.',
    'Skipped, with the reason: no email, an invalid one, no password (e.g. Google sign-in only),',
    'an email or uid that already has an account here. Running the same file again is safe.',
    '',
    '--dry-run   decide everything and write nothing.',
    '--report    write every imported and skipped user, with the reason, to this JSON file.',
    '',
    'The embedded database must be stopped first; on PostgreSQL it runs beside the server.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      'hash-algo': { type: 'string' },
      'hash-key': { type: 'string' },
      'salt-separator': { type: 'string' },
      rounds: { type: 'string' },
      'mem-cost': { type: 'string' },
      'dry-run': { type: 'boolean' },
      report: { type: 'string' },
    });
    const [action, file, ...rest] = positionals;
    if (action !== 'import') throw new UsageError('identity takes import, then the export file');
    if (file === undefined || rest.length > 0) {
      throw new UsageError('identity import takes one file: the users exported from Firebase');
    }
    const { hashParamsOf } = await import('../identity-import/hash-args');
    const { runImport } = await import('../identity-import/run-import');
    const { summaryOf, writeReport } = await import('../identity-import/import-report');
    const params = hashParamsOf(values);
    const report = values.report === undefined ? undefined : resolve(values.report);
    if (report !== undefined && !existsSync(dirname(report))) {
      throw new UsageError(
        `--report ${values.report}: the folder ${dirname(report)} does not exist`,
      );
    }
    const run = await runImport(io, {
      file: resolve(file),
      params,
      dryRun: values['dry-run'] === true,
    });
    io.out(summaryOf(run));
    if (report !== undefined) {
      writeReport(report, run);
      io.out(`Report: ${report}\n`);
    }
    return 0;
  },
};
