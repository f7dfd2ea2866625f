import { type Command, parseCommandArgs, UsageError } from '../command';

export const configCommand: Command = {
  name: 'config',
  summary: 'config check: every setting, where it comes from and its value (secrets masked)',
  usage: [
    'Usage: npx hackclass config check',
    '',
    'Lists every setting the server reads: its source (env, .env or default) and its value, with',
    'passwords, keys, tokens and secrets masked. Exits 1 naming every wrong setting.',
  ].join('\n'),
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {});
    if (positionals.length !== 1 || positionals[0] !== 'check') {
      throw new UsageError('config takes one subcommand: check');
    }
    const { readEnvFile } = await import('@hackclass/config');
    const { formatSettingsReport, settingsReport } = await import(
      '../config-check/settings-report'
    );
    const report = settingsReport(io.env, readEnvFile(io.envFile));
    io.out(formatSettingsReport(report));
    return report.problems.length === 0 ? 0 : 1;
  },
};
