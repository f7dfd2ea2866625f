import { apiMigrations, mailMigrations } from '@hackclass/api';
import { migrate } from '@hackclass/db';
import { identityMigrations } from '@hackclass/identity';
import { type Command, parseCommandArgs, UsageError } from '../command';
import { loadServerConfig, openDatabase } from '../database';

/** In the order the server applies them at start. */
const sets = [
  { what: 'identity service', set: identityMigrations },
  { what: 'API', set: apiMigrations },
  { what: 'mail outbox', set: mailMigrations },
];

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'apply the database migrations of this version and exit',
  usage: [
    'Usage: npx hackclass migrate',
    '',
    'Applies the pending migrations of the identity service, the API and the mail outbox to the',
    'database that DATABASE_URL (or DATA_DIR) names, as the server does at start, prints them and',
    'exits. Run it as a deploy step with MIGRATE=off on the servers. Running it again applies',
    'nothing.',
  ].join('\n'),
  async run(args, io) {
    if (parseCommandArgs(args, {}).positionals.length > 0) {
      throw new UsageError('migrate takes no arguments');
    }
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
