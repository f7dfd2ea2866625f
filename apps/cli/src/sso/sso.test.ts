import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { type OpenIdProvider, startOpenIdProvider } from '@hackclass/identity/testing/federation';
import { serverSchemas } from '@hackclass/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '../commands';

let database: TestDatabase;
let env: Record<string, string>;
let provider: OpenIdProvider;

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  env = {
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
  provider = await startOpenIdProvider({
    redirectUris: ['http://localhost:3000/__/auth/handler'],
    people: {},
  });
});

afterAll(async () => {
  await provider.close();
  await database.drop();
});

async function hackclass(argv: string[], stdin = '') {
  const io = memoryIo(env, { stdin });
  const code = await runCli(argv, io, commands);
  return { code, out: io.stdout(), err: io.stderr() };
}

describe('sign-in providers from the command line', () => {
  it('adds, lists, checks and removes a provider, its secret read from standard input', async () => {
    expect((await hackclass(['sso', 'list'])).out).toBe(
      'No sign-in provider yet: add one with npx hackclass sso add.\n',
    );
    const added = await hackclass(
      [
        'sso',
        'add',
        'oidc.springfield',
        '--name',
        'Springfield School',
        '--issuer',
        provider.issuer,
        '--client-id',
        provider.clientId,
        '--client-secret-stdin',
        '--scope',
        'groups',
        '--domain',
        'springfield.edu',
        '--teacher-claim',
        'groups',
        '--teacher-value',
        'teachers',
        '--school-only',
      ],
      `${provider.clientSecret}\n`,
    );
    expect(added, added.err).toMatchObject({
      code: 0,
      out: 'Saved oidc.springfield (Springfield School).\n',
    });

    const listed = await hackclass(['sso', 'list']);
    expect(listed.out).toBe(
      [
        'oidc.springfield  Springfield School',
        `  issuer          ${provider.issuer}`,
        `  client id       ${provider.clientId}`,
        '  scopes          openid email profile groups',
        '  domains         springfield.edu (school accounts only)',
        '  teachers        domains —; claim groups holds teachers',
        '',
      ].join('\n'),
    );
    expect(listed.out).not.toContain(provider.clientSecret);

    const checked = await hackclass(['sso', 'check', 'oidc.springfield']);
    expect(checked.code, checked.out + checked.err).toBe(0);
    expect(checked.out).toMatch(
      /^ok {4}discovery: Found .*\nok {4}keys: .*\nok {4}client: The provider knows the client id and secret\n$/,
    );

    // Replaced without a secret: the stored one stays, and still opens the client.
    await hackclass([
      'sso',
      'add',
      'oidc.springfield',
      '--name',
      'Springfield',
      '--issuer',
      provider.issuer,
      '--client-id',
      provider.clientId,
    ]);
    expect((await hackclass(['sso', 'check', 'oidc.springfield'])).code).toBe(0);

    expect(await hackclass(['sso', 'remove', 'oidc.springfield'])).toMatchObject({
      code: 0,
      out: 'Removed oidc.springfield; its accounts stay.\n',
    });
    expect((await hackclass(['sso', 'list'])).out).toMatch(/^No sign-in provider yet/);
  });

  it('refuses what the admin screen refuses, naming the option', async () => {
    const missingIssuer = await hackclass(
      ['sso', 'add', 'oidc.x', '--name', 'X', '--client-id', 'id', '--client-secret-stdin'],
      'secret',
    );
    expect(missingIssuer.code).toBe(2);
    expect(missingIssuer.err).toContain('--issuer:');
    const badId = await hackclass(['sso', 'add', 'school', '--name', 'X']);
    expect(badId.code).toBe(2);
    expect(badId.err).toContain('the id: The id is oidc. followed by');
    const noSecret = await hackclass([
      'sso',
      'add',
      'oidc.new',
      '--name',
      'New',
      '--issuer',
      provider.issuer,
      '--client-id',
      'id',
    ]);
    expect(noSecret.code).toBe(1);
    expect(noSecret.err).toContain('clientSecret: Enter the client secret');
    const unknown = await hackclass(['sso', 'remove', 'oidc.nowhere']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No sign-in provider has this id');
  });
});
