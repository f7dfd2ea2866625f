import { type Command, type CommandIo, parseCommandArgs, UsageError } from '../command';

async function passwordOf(
  values: { password?: string | undefined; 'password-stdin'?: boolean | undefined },
  io: CommandIo,
): Promise<string> {
  if (values.password !== undefined && values['password-stdin']) {
    throw new UsageError('Give either --password or --password-stdin, not both');
  }
  if (values['password-stdin']) return (await io.readStdin()).replace(/\r?\n$/, '');
  if (values.password !== undefined) return values.password;
  throw new UsageError('admin create needs a password: --password-stdin (safer) or --password');
}

export const adminCommand: Command = {
  name: 'admin',
  summary: 'admin create|promote <email>: a new admin account, or make a user an admin',
  usage: [
    'Usage: npx hackclass admin create <email> (--password-stdin | --password <password>) [--name <name>]',
    '       npx hackclass admin promote <email>',
    '',
    'create   makes an admin account whose email counts as verified: they sign in at once.',
    '         --password-stdin reads the password from standard input (it stays out of the',
    '         shell history); --name is the name shown (default: the part before the @).',
    'promote  makes the existing user with that email an admin.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, {
      password: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      name: { type: 'string' },
    });
    const [action, email, ...rest] = positionals;
    if (email === undefined || rest.length > 0) {
      throw new UsageError('admin takes a subcommand and one email');
    }
    const { withOperatorServer } = await import('../operator-server');
    const { createAdmin, promoteToAdmin } = await import('../accounts/operator-accounts');
    if (action === 'create') {
      const password = await passwordOf(values, io);
      const admin = await withOperatorServer(io, (server) =>
        createAdmin(server, { email, password, displayName: values.name }),
      );
      io.out(`Created the admin ${admin.email} (${admin.displayName}); they can sign in now.\n`);
      return 0;
    }
    if (action === 'promote') {
      if (values.password !== undefined || values['password-stdin'] || values.name !== undefined) {
        throw new UsageError('admin promote takes only an email');
      }
      const admin = await withOperatorServer(io, (server) => promoteToAdmin(server, email));
      io.out(`${admin.email} is an admin.\n`);
      return 0;
    }
    throw new UsageError(`Unknown subcommand "${action}": use create or promote`);
  },
};
