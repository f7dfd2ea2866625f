import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityServer, startIdentity } from '../../testing';
import { readProvidersFile } from './providers-file';

const folder = mkdtempSync(join(tmpdir(), 'hackclass-providers-'));
const file = (name: string, text: string) => {
  const path = join(folder, name);
  writeFileSync(path, text);
  return path;
};

const school = {
  id: 'oidc.school',
  displayName: 'Our School',
  issuer: 'https://id.school.example/realms/school',
  clientId: 'hackclass',
  allowedDomains: ['school.example'],
};

describe('SIGN_IN_PROVIDERS_FILE', () => {
  it('reads providers, a client secret inline or from a file of its own', () => {
    const secretFile = file('secret', 'from-a-mounted-secret\n');
    const path = file(
      'providers.json',
      JSON.stringify([
        { ...school, clientSecretFile: secretFile },
        { ...school, id: 'oidc.other', displayName: 'Other', clientSecret: 'inline' },
      ]),
    );
    expect(readProvidersFile(path)).toMatchObject([
      { id: 'oidc.school', clientSecret: 'from-a-mounted-secret', scopes: [], enabled: true },
      { id: 'oidc.other', clientSecret: 'inline' },
    ]);
  });

  it('stops the start with one line saying what is wrong', () => {
    const cases: [string, string][] = [
      ['{', 'not JSON'],
      ['{}', 'must hold a JSON array of providers'],
      [
        JSON.stringify([{ ...school, issuer: 'nope' }]),
        'provider 1: issuer: The issuer is an address',
      ],
      [JSON.stringify([school]), 'provider oidc.school needs clientSecret or clientSecretFile'],
      [
        JSON.stringify([{ ...school, clientSecretFile: join(folder, 'missing') }]),
        'cannot read the client secret of oidc.school',
      ],
    ];
    for (const [text, message] of cases) {
      const path = file('bad.json', text);
      expect(() => readProvidersFile(path), text).toThrow(message);
    }
    expect(() => readProvidersFile(join(folder, 'absent.json'))).toThrow(
      /^SIGN_IN_PROVIDERS_FILE \(.*absent\.json\): cannot read the file/,
    );
  });
});

describe('providers from configuration', () => {
  let server: IdentityServer;
  beforeAll(async () => {
    const path = file('one.json', JSON.stringify([{ ...school, clientSecret: 's' }]));
    server = await startIdentity({ providers: readProvidersFile(path) });
  });
  afterAll(() => server.close());

  it('are saved at start, over what an admin changed for the same id', async () => {
    const list = async () =>
      (
        (await (await server.admin('GET', '/providers')).json()) as {
          providers: { id: string; displayName: string }[];
        }
      ).providers;
    expect(await list()).toMatchObject([{ id: 'oidc.school', displayName: 'Our School' }]);
    await server.admin('PUT', '/providers/oidc.school', { ...school, displayName: 'Renamed' });
    expect((await list())[0]?.displayName).toBe('Renamed');
    await server.restart();
    expect((await list())[0]?.displayName).toBe('Our School');
  });
});
