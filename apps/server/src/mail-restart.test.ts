import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { linkIn, startSmtpServer } from '@hackclass/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../testing';

const PROCESS_TIMEOUT_MS = 240_000;
const API_KEY = 'mail-restart-test-key';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

async function call(origin: string, method: string, body: unknown) {
  const response = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=${API_KEY}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  expect(response.status).toBe(200);
}

describe('mail across a restart', () => {
  it(
    'is delivered by the next process when the one that was refused is killed',
    async () => {
      const env = {
        DATA_DIR: join(mkdtempSync(join(tmpdir(), 'hackclass-mail-')), 'data'),
        IDENTITY_API_KEY: API_KEY,
        SMTP_URL: smtp.url,
        MAIL_RETRY_SECONDS: '2',
      };
      const email = `restart-${Date.now()}@example.org`;
      smtp.refuse.temporarily = 1;
      const killed = await startServerProcess(env);
      await call(killed.url, 'signUp', {
        email,
        password: 'correct horse',
        returnSecureToken: true,
      });
      await call(killed.url, 'sendOobCode', { requestType: 'PASSWORD_RESET', email });
      for (let tries = 0; smtp.refusedCount() < 1; tries++) {
        if (tries > 200) throw new Error('the mail server was never asked');
        await sleep(50);
      }
      // Refused and waiting for its next try, two seconds away: the process dies meanwhile.
      await sleep(200);
      await killed.stop('SIGKILL');

      const expected = smtp.expectMail(email, 30_000);
      const restarted = await startServerProcess(env);
      try {
        const mail = await expected.arrived();
        expect(linkIn(mail).searchParams.get('mode')).toBe('resetPassword');
        await sleep(2_500);
        expect(smtp.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
      } finally {
        expect(await restarted.stop()).toBe(0);
      }
    },
    PROCESS_TIMEOUT_MS,
  );
});
