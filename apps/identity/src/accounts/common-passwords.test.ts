import { createUserWithEmailAndPassword, updatePassword } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  sdkClient,
  signUpWithSdk,
  startIdentity,
  uniqueEmail,
} from '../../testing';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterEach(deleteSdkClients);
afterAll(() => server.close());

const common = ['password1', '12345678', 'iloveyou', 'ILoveYou', 'Qwertyuiop', 'sunshine'];

describe('common passwords', () => {
  it('come from a list of tens of thousands, compared case-insensitively', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(10_000);
    for (const password of common) expect(isCommonPassword(password)).toBe(true);
    expect(isCommonPassword('correct horse')).toBe(false);
  });

  it('are refused as weak at sign-up, password change and by the admin API', async () => {
    for (const password of common) {
      expect(
        await codeOf(createUserWithEmailAndPassword(sdkClient(server), uniqueEmail(), password)),
      ).toBe('auth/weak-password');
    }
    const { user } = await signUpWithSdk(server);
    expect(await codeOf(updatePassword(user, 'Password1'))).toBe('auth/weak-password');

    const created = await server.admin('POST', '/accounts', {
      email: uniqueEmail(),
      password: '12345678',
    });
    expect(created.status).toBe(400);
    expect(((await created.json()) as { error: { message: string } }).error.message).toBe(
      'WEAK_PASSWORD : Password is one of the most common passwords; choose one that is harder to guess',
    );
  });
});
