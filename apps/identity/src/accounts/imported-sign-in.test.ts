import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../db/schema';
import { type IdentityServer, startIdentity } from '../testing';
import { type FirebaseHashParams, firebaseScryptHash, formatFirebaseHash } from './firebase-scrypt';
import { CURRENT_SCRYPT_PARAMS } from './password-hash';

// A cheap Firebase hash against this service's real parameters: were a wrong guess on an
// imported account to pay only for the Firebase hash, it would answer hundreds of times faster.
const cheap: FirebaseHashParams = {
  signerKey: randomBytes(64),
  saltSeparator: Buffer.from('Bw==', 'base64'),
  rounds: 1,
  memCost: 4,
};

let server: IdentityServer;
let ip = 0;
const signIn = (email: string, password: string) =>
  server.callFrom(`10.9.0.${++ip}`, '/v1/accounts:signInWithPassword', { email, password });

async function timed(email: string, password: string) {
  const started = performance.now();
  const { error } = await signIn(email, password);
  return { error, ms: performance.now() - started };
}

beforeAll(async () => {
  server = await startIdentity({ passwordParams: CURRENT_SCRYPT_PARAMS });
  await server.callFrom('10.9.1.1', '/v1/accounts:signUp', {
    email: 'native@school.example',
    password: 'a native password',
  });
  const salt = randomBytes(12);
  const hash = await firebaseScryptHash('an old password', salt, cheap);
  await server
    .db()
    .insert(accounts)
    .values({
      uid: 'importedUid0000000000000001',
      email: 'imported@school.example',
      passwordHash: formatFirebaseHash({ salt, hash }, cheap),
    });
}, 30_000);

afterAll(() => server.close());

const storedHash = async () =>
  (
    await server
      .db()
      .query.accounts.findFirst({ where: eq(accounts.email, 'imported@school.example') })
  )?.passwordHash;

describe('signing in to an account imported from Firebase', () => {
  it('answers a wrong password as on any account, in the same time class', async () => {
    const native: number[] = [];
    const imported: number[] = [];
    for (let round = 0; round < 3; round++) {
      const onNative = await timed('native@school.example', 'wrong password');
      const onImported = await timed('imported@school.example', 'wrong password');
      expect(onImported.error).toBe(onNative.error);
      native.push(onNative.ms);
      imported.push(onImported.ms);
    }
    expect(native[0]).toBeDefined();
    expect(Math.min(...imported)).toBeGreaterThan(0.5 * Math.min(...native));
    expect(await storedHash()).toMatch(/^firebase-scrypt\$1\$4\$/);
  }, 30_000);

  it('replaces the Firebase hash by our own at the first right password', async () => {
    expect((await signIn('imported@school.example', 'an old password')).status).toBe(200);
    const { N, r, p } = CURRENT_SCRYPT_PARAMS;
    expect(await storedHash()).toMatch(new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`));
    expect((await signIn('imported@school.example', 'an old password')).status).toBe(200);
    expect((await signIn('imported@school.example', 'wrong password')).error).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
  }, 30_000);
});
