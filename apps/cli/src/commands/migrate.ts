import { type Command, parseCommandArgs, UsageError } from '../command';

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'apply the database migrations of this version and exit',
  usage: [
    'Usage: npx hackclass migrate',
    '',
    'Applies the pending migrations of the identity service, the mail outbox and the API to the',
    'database that DATABASE_URL (or DATA_DIR) names, as the server does at start, prints them and',
    'exits. Run it as a deploy step with MIGRATE=off on the servers. Running it again applies nothing.',
  ].join('\n'),
  async run(args, io) {
    if (parseCommandArgs(args, {}).positionals.length > 0) {
      throw new UsageError('migrate takes no arguments');
    }
    const { apiMigrations, mailMigrations } = await import('@hackclass/api');
    const { migrate } = await import('@hackclass/db');
    const { identityMigrations } = await import('@hackclass/identity');
    const { loadServerConfig, openDatabase } = await import('../database');
    // In the order the server applies them at start.
    const sets = [
      { what: 'identity service', set: identityMigrations },
      { what: 'mail outbox', set: mailMigrations },
      { what: 'API', set: apiMigrations },
    ];
    const connection = await openDatabase(loadServerConfig(io));
    try {
      for (const { what, set } of sets) {
        const applied = await migrate(connection, set);
        io.out(
          applied.length === 0
            ? `${what}: up to date\n`
            : `${what}: applied ${applied.length} migration${applied.length === 1 ? '' : 's'}: ${applied.join(', ')}\n`,
        );
      }
    } finally {
      await connection.close();
    }
    return 0;
  },
};
