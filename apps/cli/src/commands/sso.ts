import { type Command, type CommandIo, parseCommandArgs, UsageError } from '../command';
import { PROVIDER_OPTIONS, type ProviderOptions } from '../sso/provider-flags';

async function clientSecretOf(options: ProviderOptions, io: CommandIo) {
  if (!options['client-secret-stdin']) return undefined;
  const secret = (await io.readStdin()).replace(/\r?\n$/, '');
  if (!secret) throw new UsageError('--client-secret-stdin read nothing from standard input');
  return secret;
}

const SUBCOMMANDS: ReadonlySet<string> = new Set(['list', 'add', 'remove', 'check']);

export const ssoCommand: Command = {
  name: 'sso',
  summary: 'sso list|add|remove|check: the schools’ OpenID Connect providers people sign in with',
  usage: [
    'Usage: npx hackclass sso list',
    '       npx hackclass sso add <oidc.id> --name <button text> --issuer <url> --client-id <id>',
    '             --client-secret-stdin [--scope <scope>]… [--domain <domain>]…',
    '             [--teacher-domain <domain>]… [--teacher-claim <claim> --teacher-value <value>…]',
    '             [--school-only] [--disabled]',
    '       npx hackclass sso remove <oidc.id>',
    '       npx hackclass sso check <oidc.id>',
    '',
    'list    every provider with its settings (never its client secret).',
    'add     adds a provider, or replaces the settings of one with that id. The client secret is',
    '        read from standard input (it stays out of the shell history); replacing without it',
    '        keeps the stored one. --domain limits who may sign in (any address when none);',
    '        --school-only refuses password sign-in and sign-up for those domains. Addresses of a',
    '        --teacher-domain, or whose ID token claim holds a --teacher-value, become teachers.',
    '        Register <PUBLIC_URL>/__/auth/handler as the redirect URI at the provider.',
    'remove  removes a provider; its accounts stay, and sign in by password once they set one.',
    'check   fetches the discovery document and keys, and presents the client to the provider.',
  ].join('\n'),
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(args, PROVIDER_OPTIONS);
    const [action, id, ...rest] = positionals;
    if (rest.length > 0) throw new UsageError('sso takes a subcommand and at most one id');
    if (action === undefined || !SUBCOMMANDS.has(action)) {
      throw new UsageError(`Unknown subcommand "${action ?? ''}": use list, add, remove or check`);
    }
    if (action === 'list' && id !== undefined) throw new UsageError('sso list takes no id');
    const { withOperatorServer } = await import('../operator-server');
    const { describeProvider, providerSettingsOf } = await import('../sso/provider-options');
    if (action === 'list') {
      const providers = await withOperatorServer(io, (server) =>
        server.identityAdmin.providers.list(),
      );
      io.out(
        providers.length > 0
          ? `${providers.map(describeProvider).join('\n\n')}\n`
          : 'No sign-in provider yet: add one with npx hackclass sso add.\n',
      );
      return 0;
    }
    if (id === undefined) throw new UsageError(`sso ${action} takes a provider id`);
    if (action === 'add') {
      const settings = providerSettingsOf(id, values, await clientSecretOf(values, io));
      const saved = await withOperatorServer(io, (server) =>
        server.identityAdmin.providers.save(settings),
      );
      io.out(`Saved ${saved.id} (${saved.displayName}).\n`);
      return 0;
    }
    if (action === 'remove') {
      await withOperatorServer(io, (server) => server.identityAdmin.providers.remove(id));
      io.out(`Removed ${id}; its accounts stay.\n`);
      return 0;
    }
    const checks = await withOperatorServer(io, (server) =>
      server.identityAdmin.providers.check(id),
    );
    for (const check of checks)
      io.out(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.step}: ${check.message}\n`);
    return checks.every((check) => check.ok) ? 0 : 1;
  },
};
