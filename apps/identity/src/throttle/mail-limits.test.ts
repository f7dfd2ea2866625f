import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityServer, startIdentity, uniqueEmail } from '../testing';
import {
  RESET_MAILS_PER_EMAIL,
  RESET_MAILS_PER_IP,
  RESET_MAILS_PER_PAIR,
  SIGN_IN_FAILURES_PER_PAIR,
} from './limits';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterAll(() => server.close());

const PASSWORD = 'correct horse';

const askReset = (from: string, email: string) =>
  server.callFrom(from, '/v1/accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });

describe('a stranger on one address', () => {
  it('cannot lock a victim out of sign-in and recovery', async () => {
    const victim = uniqueEmail();
    await server.admin('POST', '/accounts', { email: victim, password: PASSWORD });
    const attacker = '10.6.0.1';
    for (let attempt = 0; attempt <= SIGN_IN_FAILURES_PER_PAIR.max; attempt++) {
      await server.callFrom(attacker, '/v1/accounts:signInWithPassword', {
        email: victim,
        password: `guess ${attempt}`,
      });
    }
    for (let attempt = 0; attempt < RESET_MAILS_PER_PAIR.max; attempt++) {
      expect((await askReset(attacker, victim)).status).toBe(200);
    }
    for (let attempt = 0; attempt < 2 * RESET_MAILS_PER_EMAIL.max; attempt++) {
      expect((await askReset(attacker, victim)).error).toBe('RESET_PASSWORD_EXCEED_LIMIT');
    }

    const home = '10.6.0.2';
    const signIn = await server.callFrom(home, '/v1/accounts:signInWithPassword', {
      email: victim,
      password: PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const mail = server.smtp.expectMail(victim);
    expect((await askReset(home, victim)).status).toBe(200);
    await mail.arrived();
  });
});

describe('reset mails', () => {
  it('are limited per asking address, over all the emails it asks for', async () => {
    const nat = '10.7.0.1';
    for (let asked = 0; asked < RESET_MAILS_PER_IP.max; asked++) {
      expect((await askReset(nat, uniqueEmail())).status).toBe(200);
    }
    expect((await askReset(nat, uniqueEmail())).error).toBe('RESET_PASSWORD_EXCEED_LIMIT');
    expect((await askReset('10.7.0.2', uniqueEmail())).status).toBe(200);
  });

  it('are capped per email, whoever asks, and again allowed after the window', async () => {
    const email = uniqueEmail();
    for (let asker = 0; asker < RESET_MAILS_PER_EMAIL.max; asker++) {
      expect((await askReset(`10.8.0.${asker}`, email)).status).toBe(200);
    }
    expect((await askReset('10.8.1.1', email)).error).toBe('RESET_PASSWORD_EXCEED_LIMIT');
    server.clock.advance(RESET_MAILS_PER_EMAIL.windowMs + 1_000);
    expect((await askReset('10.8.1.1', email)).status).toBe(200);
  });
});
