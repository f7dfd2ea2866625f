import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityServer, linkIn, startIdentity, uniqueEmail } from '../../testing';
import { MAX_PASSWORD_LENGTH } from '../accounts/password-policy';
import {
  SIGN_IN_FAILURES_PER_ACCOUNT,
  SIGN_IN_FAILURES_PER_IP,
  SIGN_IN_FAILURES_PER_PAIR,
  SIGN_IN_FAILURES_PER_PAIR_UNDER_ATTACK,
  SPRAY_DELAY_MS,
} from './limits';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterAll(() => server.close());

const PASSWORD = 'correct horse';
const TOO_MANY = /^TOO_MANY_ATTEMPTS_TRY_LATER/;

async function account() {
  const email = uniqueEmail();
  const created = await server.admin('POST', '/accounts', { email, password: PASSWORD });
  expect(created.status).toBe(200);
  return email;
}

const signIn = (from: string, email: string, password: string) =>
  server.callFrom(from, '/v1/accounts:signInWithPassword', { email, password });

async function failTimes(times: number, from: string, email: string) {
  for (let attempt = 0; attempt < times; attempt++) {
    expect((await signIn(from, email, `wrong ${attempt}`)).error).toBe('INVALID_LOGIN_CREDENTIALS');
  }
}

describe('sign-in failures', () => {
  it('of one address lock that address out of that account only', async () => {
    const email = await account();
    await failTimes(SIGN_IN_FAILURES_PER_PAIR.max, '10.1.0.1', email);
    expect((await signIn('10.1.0.1', email, PASSWORD)).error).toMatch(TOO_MANY);
    expect((await signIn('10.1.0.2', email, PASSWORD)).status).toBe(200);
  });

  it('from the addresses of one IPv6 /64 count as from one address', async () => {
    const email = await account();
    const hosts = SIGN_IN_FAILURES_PER_ACCOUNT.max / SIGN_IN_FAILURES_PER_PAIR.max + 1;
    for (let host = 0; host < hosts; host++) {
      for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_PAIR.max; attempt++) {
        await signIn(`2001:db8:2:1::${200 + host}`, email, `wrong ${attempt}`);
      }
    }
    expect((await signIn('2001:db8:2:1::2ff', email, PASSWORD)).error).toMatch(TOO_MANY);
    expect((await signIn('198.51.100.77', email, PASSWORD)).status).toBe(200);
  });

  it('spread over many addresses leave each further address one failure, never refusing a right password from a clean one', async () => {
    const email = await account();
    const addresses = SIGN_IN_FAILURES_PER_ACCOUNT.max / SIGN_IN_FAILURES_PER_PAIR.max;
    for (let address = 0; address < addresses; address++) {
      await failTimes(SIGN_IN_FAILURES_PER_PAIR.max, `10.2.0.${address}`, email);
    }
    await failTimes(SIGN_IN_FAILURES_PER_PAIR_UNDER_ATTACK, '10.2.1.1', email);
    expect((await signIn('10.2.1.1', email, PASSWORD)).error).toMatch(TOO_MANY);
    expect((await signIn('10.2.1.2', email, PASSWORD)).status).toBe(200);

    const mail = server.smtp.expectMail(email);
    await server.callFrom('10.2.1.1', '/v1/accounts:sendOobCode', {
      requestType: 'PASSWORD_RESET',
      email,
    });
    const oobCode = linkIn(await mail.arrived()).searchParams.get('oobCode');
    const reset = await server.callFrom('10.2.1.1', '/v1/accounts:resetPassword', {
      oobCode,
      newPassword: 'another horse',
    });
    expect(reset.status).toBe(200);
    expect((await signIn('10.2.1.1', email, 'another horse')).status).toBe(200);
    expect((await signIn('10.2.0.0', email, 'another horse')).status).toBe(200);
  });

  it('of one address over many accounts never refuse a right password from it', async () => {
    const nat = '10.3.0.1';
    for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_IP.max; attempt++) {
      expect((await signIn(nat, uniqueEmail(), PASSWORD)).error).toBe('INVALID_LOGIN_CREDENTIALS');
    }
    const email = await account();
    expect((await signIn(nat, email, PASSWORD)).status).toBe(200);

    const started = performance.now();
    expect((await signIn(nat, email, 'wrong horse')).error).toMatch(TOO_MANY);
    expect(performance.now() - started).toBeGreaterThanOrEqual(SPRAY_DELAY_MS - 50);
    expect((await signIn(nat, email, PASSWORD)).status).toBe(200);
    expect((await signIn('10.3.0.2', uniqueEmail(), PASSWORD)).error).toBe(
      'INVALID_LOGIN_CREDENTIALS',
    );
  });

  it('are counted again once their window has passed', async () => {
    const email = await account();
    await failTimes(SIGN_IN_FAILURES_PER_PAIR.max, '10.4.0.1', email);
    expect((await signIn('10.4.0.1', email, PASSWORD)).error).toMatch(TOO_MANY);
    server.clock.advance(SIGN_IN_FAILURES_PER_PAIR.windowMs + 1_000);
    expect((await signIn('10.4.0.1', email, PASSWORD)).status).toBe(200);
  });
});

describe('sign-in passwords', () => {
  it('longer than any account can have are refused before they are hashed', async () => {
    const email = await account();
    const answer = await signIn('10.5.0.1', email, 'x'.repeat(MAX_PASSWORD_LENGTH + 1));
    expect(answer.status).toBe(400);
    expect(answer.error).toBe(
      `INVALID_ARGUMENT : Invalid value at 'password' (longer than ${MAX_PASSWORD_LENGTH} characters)`,
    );
  });
});
