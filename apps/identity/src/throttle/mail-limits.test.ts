import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IdentityServer, linkIn, startIdentity, uniqueEmail } from '../../testing';
import { schema } from '../db';
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

async function resetCodesFor(email: string) {
  const codes = await server
    .db()
    .select()
    .from(schema.oobCodes)
    .where(and(eq(schema.oobCodes.email, email), eq(schema.oobCodes.kind, 'PASSWORD_RESET')));
  return codes.length;
}

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

describe('a stranger on the addresses of one IPv6 /64', () => {
  it('uses up only that /64’s reset mails, never the owner’s', async () => {
    const victim = uniqueEmail();
    await server.admin('POST', '/accounts', { email: victim, password: PASSWORD });
    const hosts = Math.floor(RESET_MAILS_PER_EMAIL.max / RESET_MAILS_PER_PAIR.max) + 1;
    let mailed = 0;
    for (let host = 0; host < hosts; host++) {
      for (let attempt = 0; attempt < RESET_MAILS_PER_PAIR.max; attempt++) {
        if ((await askReset(`2001:db8:6:1::${300 + host}`, victim)).status === 200) mailed++;
      }
    }
    expect(mailed).toBe(RESET_MAILS_PER_PAIR.max);
    await expect
      .poll(() => server.smtp.messages.filter((mail) => mail.to.includes(victim)).length, {
        timeout: 5_000,
      })
      .toBe(mailed);

    const mail = server.smtp.expectMail(victim);
    expect((await askReset('198.51.100.77', victim)).status).toBe(200);
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

  it('past the per-email cap are answered alike but not mailed, while the links of the window still work', async () => {
    const email = uniqueEmail();
    await server.admin('POST', '/accounts', { email, password: PASSWORD });
    const mailed = server.smtp.expectMail(email);
    for (let asker = 0; asker < RESET_MAILS_PER_EMAIL.max; asker++) {
      expect((await askReset(`10.8.0.${asker}`, email)).status).toBe(200);
    }
    const oobCode = linkIn(await mailed.arrived()).searchParams.get('oobCode');

    server.clock.advance(RESET_MAILS_PER_EMAIL.windowMs - 60_000);
    expect((await askReset('10.8.1.1', email)).status).toBe(200);
    expect(await resetCodesFor(email)).toBe(RESET_MAILS_PER_EMAIL.max);
    const reset = await server.callFrom('10.8.1.1', '/v1/accounts:resetPassword', {
      oobCode,
      newPassword: 'another horse',
    });
    expect(reset.status).toBe(200);

    server.clock.advance(60_000 + 1_000);
    expect((await askReset('10.8.1.1', email)).status).toBe(200);
    expect(await resetCodesFor(email)).toBe(RESET_MAILS_PER_EMAIL.max + 1);
  });
});
