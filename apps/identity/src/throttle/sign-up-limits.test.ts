import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityServer, startIdentity, uniqueEmail } from '../../testing';
import { CURRENT_SCRYPT_PARAMS } from '../accounts/password-hash';
import { PASSWORD_CHANGES_PER_IP } from './limits';

const SIGN_UPS_PER_HOUR = 3;
const PASSWORD = 'correct horse';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity({ signUpsPerHour: SIGN_UPS_PER_HOUR });
});
afterAll(() => server.close());

const signUp = (from: string, email = uniqueEmail()) =>
  server.callFrom(from, '/v1/accounts:signUp', { email, password: PASSWORD });

describe('sign-ups', () => {
  it('are limited per client address (SIGNUP_LIMIT_PER_HOUR), for an hour', async () => {
    for (let count = 0; count < SIGN_UPS_PER_HOUR; count++) {
      expect((await signUp('10.9.0.1')).status).toBe(200);
    }
    const refused = await signUp('10.9.0.1');
    expect(refused.error).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : Too many sign-ups/);
    expect((await signUp('10.9.0.2')).status).toBe(200);
    server.clock.advance(60 * 60_000 + 1_000);
    expect((await signUp('10.9.0.1')).status).toBe(200);
  });

  it('from the addresses of one IPv6 /64 are limited as from one address', async () => {
    for (let host = 0; host < SIGN_UPS_PER_HOUR; host++) {
      expect((await signUp(`2001:db8:9:1::${100 + host}`)).status).toBe(200);
    }
    for (let host = SIGN_UPS_PER_HOUR; host < SIGN_UPS_PER_HOUR + 2; host++) {
      const refused = await signUp(`2001:db8:9:1::${100 + host}`);
      expect(refused.error).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : Too many sign-ups/);
    }
    expect((await signUp('2001:db8:9:2::100')).status).toBe(200);
  });
});

describe('password changes', () => {
  it('are limited per client address', async () => {
    const from = '10.9.1.1';
    const created = await signUp(from);
    let idToken = created.answer.idToken as string;
    for (let change = 0; change < PASSWORD_CHANGES_PER_IP.max; change++) {
      const changed = await server.callFrom(from, '/v1/accounts:update', {
        idToken,
        password: `new horse ${change}`,
      });
      expect(changed.status).toBe(200);
      idToken = changed.answer.idToken as string;
    }
    const refused = await server.callFrom(from, '/v1/accounts:update', {
      idToken,
      password: 'one horse too many',
    });
    expect(refused.error).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : Too many password changes/);
  });
});

describe('a sign-up for an address that has an account', () => {
  it('is refused without hashing the password', async () => {
    const real = await startIdentity({ passwordParams: CURRENT_SCRYPT_PARAMS });
    try {
      const email = uniqueEmail();
      const timed = async (path: string, body: unknown) => {
        const started = performance.now();
        const answer = await real.callFrom('10.9.2.1', path, body);
        return { ...answer, ms: performance.now() - started };
      };
      expect((await timed('/v1/accounts:signUp', { email, password: PASSWORD })).status).toBe(200);
      const wrong = await timed('/v1/accounts:signInWithPassword', { email, password: 'wrong' });
      const exists = await timed('/v1/accounts:signUp', { email, password: PASSWORD });
      expect(exists.error).toBe('EMAIL_EXISTS');
      // A wrong password costs one scrypt with the production parameters; EMAIL_EXISTS, none.
      expect(exists.ms).toBeLessThan(wrong.ms / 3);
    } finally {
      await real.close();
    }
  });
});
