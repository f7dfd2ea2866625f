import { type Command, parseCommandArgs, UsageError } from '../command';

export const usersCommand: Command = {
  name: 'users',
  summary: 'users disable|enable <email>: stop or allow an account’s sign-in, as the admin screen',
  usage: [
    'Usage: npx hackclass users disable <email>',
    '       npx hackclass users enable <email>',
    '',
    'disable  the user can no longer sign in, and the ID tokens they hold are refused.',
    'enable   the user can sign in again.',
  ].join('\n'),
  async run(args, io) {
    const { positionals } = parseCommandArgs(args, {});
    const [action, email, ...rest] = positionals;
    if (action !== 'disable' && action !== 'enable') {
      throw new UsageError('users takes disable or enable, then an email');
    }
    if (email === undefined || rest.length > 0)
      throw new UsageError(`users ${action} takes one email`);
    const { withOperatorServer } = await import('../operator-server');
    const { setDisabledByEmail } = await import('../accounts/operator-accounts');
    const user = await withOperatorServer(io, (server) =>
      setDisabledByEmail(server, email, action === 'disable'),
    );
    io.out(`${user.email} is ${user.disabledAt ? 'disabled' : 'enabled'}.\n`);
    return 0;
  },
};
