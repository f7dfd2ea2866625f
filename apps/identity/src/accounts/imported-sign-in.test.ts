import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityServer, startIdentity } from '../../testing';
import { accounts, firebaseHashParams } from '../db/schema';
import { importFirebaseAccounts } from '../import/import-accounts';
import { createKeySealer } from '../tokens/key-sealing';
import { type FirebaseHashParams, firebaseScryptHash } from './firebase-scrypt';
import { CURRENT_SCRYPT_PARAMS } from './password-hash';

const separator = Buffer.from('Bw==', 'base64');
// A cheap Firebase hash against this service's real parameters: were a wrong guess on an
// imported account to pay only for the Firebase hash, it would answer hundreds of times faster.
// The checks allow a factor of 3, for a loaded machine: a leak is far past it either way.
const cheap: FirebaseHashParams = {
  signerKey: randomBytes(64),
  saltSeparator: separator,
  rounds: 1,
  memCost: 4,
};
// Costlier than Firebase's usual parameters (memory cost 14), against the tests' cheap own ones:
// were the other paths not to pay for a Firebase hash, they would answer ten times faster than a
// wrong imported password.
const usual: FirebaseHashParams = { ...cheap, rounds: 8, memCost: 16 };

async function exportedUser(n: number, password: string, params: FirebaseHashParams) {
  const salt = randomBytes(12);
  const hash = await firebaseScryptHash(password, salt, params);
  return {
    localId: `importedUid00000000000000${n}`,
    email: `imported${n}@school.example`,
    passwordHash: hash.toString('base64'),
    salt: salt.toString('base64'),
  };
}

async function importUsers(server: IdentityServer, params: FirebaseHashParams, count: number) {
  const users = [];
  for (let n = 1; n <= count; n++) users.push(await exportedUser(n, `old password ${n}`, params));
  const sealer = createKeySealer(server.keySecret());
  return importFirebaseAccounts(server.db(), users, { params, sealer });
}

function signInVia(server: IdentityServer, net: string) {
  let ip = 0;
  return (email: string, password: string) =>
    server.callFrom(`${net}.${++ip}`, '/v1/accounts:signInWithPassword', { email, password });
}

async function timed(call: Promise<{ error?: string }>) {
  const started = performance.now();
  const { error } = await call;
  return { error, ms: performance.now() - started };
}

/**
 * The fastest of five wrong-password sign-ins per address, taken in turns, and the errors they
 * answered. The fastest is the one the machine's other load slowed least.
 */
async function wrongGuesses(signIn: ReturnType<typeof signInVia>, emails: string[]) {
  const fastest = new Map(emails.map((email) => [email, Number.POSITIVE_INFINITY]));
  const errors = new Set<string | undefined>();
  for (let round = 0; round < 5; round++) {
    for (const email of emails) {
      const { error, ms } = await timed(signIn(email, 'wrong password'));
      errors.add(error);
      fastest.set(email, Math.min(fastest.get(email) ?? ms, ms));
    }
  }
  return { fastest, errors };
}

const storedHash = async (server: IdentityServer, email: string) =>
  (await server.db().query.accounts.findFirst({ where: eq(accounts.email, email) }))?.passwordHash;
const paramsRows = (server: IdentityServer) => server.db().select().from(firebaseHashParams);

describe('signing in to an account imported from Firebase', () => {
  let server: IdentityServer;
  let signIn: ReturnType<typeof signInVia>;

  beforeAll(async () => {
    server = await startIdentity({ passwordParams: CURRENT_SCRYPT_PARAMS });
    signIn = signInVia(server, '10.9.0');
    await server.callFrom('10.9.1.1', '/v1/accounts:signUp', {
      email: 'native@school.example',
      password: 'a native password',
    });
    await importUsers(server, cheap, 2);
  }, 30_000);

  afterAll(() => server.close());

  it('keeps the signer key once, sealed, and only the parameters row id in the hashes', async () => {
    const [row, ...others] = await paramsRows(server);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ rounds: 1, memCost: 4, saltSeparator: 'Bw==' });
    const key = cheap.signerKey;
    const dump = JSON.stringify(await server.db().select().from(accounts));
    for (const encoding of ['base64', 'base64url', 'hex'] as const) {
      expect(dump).not.toContain(key.toString(encoding));
      expect(JSON.stringify(row)).not.toContain(key.toString(encoding));
    }
    expect(await storedHash(server, 'imported1@school.example')).toMatch(
      new RegExp(`^firebase-scrypt\\$${row?.id}\\$[^$]+\\$[^$]+$`),
    );
  });

  it('answers a wrong password as on any account, in the same time class', async () => {
    const { fastest, errors } = await wrongGuesses(signIn, [
      'native@school.example',
      'imported1@school.example',
    ]);
    expect([...errors]).toEqual(['INVALID_LOGIN_CREDENTIALS']);
    expect(fastest.get('imported1@school.example')).toBeGreaterThan(
      0.3 * (fastest.get('native@school.example') ?? 0),
    );
    expect(await storedHash(server, 'imported1@school.example')).toMatch(/^firebase-scrypt\$/);
  }, 30_000);

  it('replaces each Firebase hash by our own at the first right password, then drops the parameters', async () => {
    expect((await signIn('imported1@school.example', 'old password 1')).status).toBe(200);
    const { N, r, p } = CURRENT_SCRYPT_PARAMS;
    const ours = new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`);
    expect(await storedHash(server, 'imported1@school.example')).toMatch(ours);
    expect(await paramsRows(server)).toHaveLength(1);

    expect((await signIn('imported2@school.example', 'old password 2')).status).toBe(200);
    expect(await storedHash(server, 'imported2@school.example')).toMatch(ours);
    expect(await paramsRows(server)).toEqual([]);

    expect((await signIn('imported1@school.example', 'old password 1')).status).toBe(200);
    expect((await signIn('imported2@school.example', 'wrong password')).error).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
  }, 30_000);
});

describe('while imported hashes remain, the other sign-ins', () => {
  let server: IdentityServer;
  let signIn: ReturnType<typeof signInVia>;

  beforeAll(async () => {
    server = await startIdentity();
    signIn = signInVia(server, '10.9.2');
    await server.callFrom('10.9.3.1', '/v1/accounts:signUp', {
      email: 'native@school.example',
      password: 'a native password',
    });
    await importUsers(server, usual, 1);
  }, 30_000);

  afterAll(() => server.close());

  it('pay for a Firebase hash too: unknown, ours and imported answer in the same time class', async () => {
    const emails = ['nobody@school.example', 'native@school.example', 'imported1@school.example'];
    const { fastest, errors } = await wrongGuesses(signIn, emails);
    expect([...errors]).toEqual(['INVALID_LOGIN_CREDENTIALS']);
    const imported = fastest.get('imported1@school.example') ?? 0;
    expect(fastest.get('nobody@school.example')).toBeGreaterThan(0.3 * imported);
    expect(fastest.get('native@school.example')).toBeGreaterThan(0.3 * imported);
  }, 60_000);
});

describe('deleting the last account of an import', () => {
  let server: IdentityServer;

  beforeAll(async () => {
    server = await startIdentity();
    await importUsers(server, cheap, 1);
  }, 30_000);

  afterAll(() => server.close());

  it('deletes its parameters too', async () => {
    expect(await paramsRows(server)).toHaveLength(1);
    const response = await server.app().inject({
      method: 'DELETE',
      url: '/identity/admin/v1/accounts/importedUid000000000000001',
      headers: { authorization: `Bearer ${server.adminSecret}` },
    });
    expect(response.statusCode).toBe(200);
    expect(await paramsRows(server)).toEqual([]);
  });
});

describe('a damaged imported hash', () => {
  let server: IdentityServer;
  let signIn: ReturnType<typeof signInVia>;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startIdentity({ logLines });
    signIn = signInVia(server, '10.9.4');
    await importUsers(server, cheap, 1);
    const [row] = await paramsRows(server);
    const salt = 'c2FsdA==';
    const damaged = {
      'unreadable@school.example': 'firebase-scrypt$8$14$Bw==$a2V5$c2FsdA==$aGFzaA==',
      'no-params@school.example': `firebase-scrypt$gone$${salt}$aGFzaA==`,
      'other-secret@school.example': `firebase-scrypt$sealed-elsewhere$${salt}$aGFzaA==`,
    };
    await server
      .db()
      .insert(accounts)
      .values(
        Object.entries(damaged).map(([email, passwordHash], n) => ({
          uid: `damagedUid${n}`,
          email,
          passwordHash,
        })),
      );
    if (!row) throw new Error('the import wrote no parameters row');
    await server
      .db()
      .insert(firebaseHashParams)
      .values({
        ...row,
        id: 'sealed-elsewhere',
        sealedSignerKey: await createKeySealer('another secret').seal({
          kty: 'oct',
          k: 'a2V5',
          kid: 'firebase-hash-params:sealed-elsewhere',
        }),
      });
  }, 30_000);

  afterAll(() => server.close());

  it('refuses every password as a wrong one, and logs why', async () => {
    for (const email of [
      'unreadable@school.example',
      'no-params@school.example',
      'other-secret@school.example',
    ]) {
      const { status, error } = await signIn(email, 'any password');
      expect({ email, status, error }).toEqual({
        email,
        status: 400,
        error: 'INVALID_LOGIN_CREDENTIALS',
      });
    }
    const damaged = logLines.filter((line) => line.includes('imported password hash is damaged'));
    expect(damaged).toHaveLength(3);
    expect(damaged.join('\n')).toContain('its hash parameters gone are gone');
    expect((await signIn('imported1@school.example', 'old password 1')).status).toBe(200);
  }, 30_000);
});
