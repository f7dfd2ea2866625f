import { linkIn, type ReceivedMail, startSmtpServer } from '@hackclass/identity/testing';
import { createLogger } from '@hackclass/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  apiSession,
  signedInAs,
  startApiServer,
  TEST_API_KEY,
  uniqueEmail,
} from '../test/support';
import { classroom, createLab, TEST_FLAG } from '../test/support/labs';

const PASSWORD = 'first-Secret-passphrase-71';
const WRONG_PASSWORD = 'not-my-passphrase-93';
const NEW_PASSWORD = 'second-Secret-passphrase-52';
const WRONG_FLAG = 'flag{a-wrong-guess-4417}';

/**
 * An operator's logs at their most verbose, through sign-up, sign-ins, a token refresh, a
 * password reset (its link followed, as a browser would) and flag submissions: no line may hold
 * a password, token, anti-forgery token, mail code or flag that went by.
 */
describe('what the logs never hold', () => {
  const lines: string[] = [];
  const secrets = new Set<string>();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let server: ApiServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    server = await startApiServer({ smtpUrl: smtp.url, logger });
  });

  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  const keep = (...values: (string | undefined)[]) => {
    for (const value of values) {
      if (!value) throw new Error('a secret the test meant to follow is missing');
      secrets.add(value);
    }
  };

  async function toolkit(call: string, body: Record<string, unknown>) {
    const response = await fetch(
      `${server.origin}/identitytoolkit.googleapis.com/v1/accounts:${call}?key=${TEST_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    );
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  const codeIn = (mail: ReceivedMail) => linkIn(mail).searchParams.get('oobCode') ?? undefined;

  it('holds none of the secrets of a whole session', async () => {
    const email = uniqueEmail('careful');
    keep(PASSWORD, WRONG_PASSWORD, NEW_PASSWORD, WRONG_FLAG, TEST_FLAG, server.adminSecret);

    const signUp = await toolkit('signUp', { email, password: PASSWORD, returnSecureToken: true });
    expect(signUp.status).toBe(200);
    keep(signUp.body.idToken, signUp.body.refreshToken);

    const refused = await toolkit('signInWithPassword', { email, password: WRONG_PASSWORD });
    expect(refused.status).toBe(400);

    const signIn = await toolkit('signInWithPassword', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    keep(signIn.body.idToken, signIn.body.refreshToken);

    const refreshed = await fetch(
      `${server.origin}/securetoken.googleapis.com/v1/token?key=${TEST_API_KEY}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: signIn.body.refreshToken ?? '',
        }),
      },
    );
    expect(refreshed.status).toBe(200);
    const tokens = (await refreshed.json()) as Record<string, string>;
    keep(tokens.id_token, tokens.refresh_token);

    const verifyMail = smtp.expectMail(email);
    const verify = await toolkit('sendOobCode', {
      requestType: 'VERIFY_EMAIL',
      idToken: tokens.id_token,
    });
    expect(verify.status).toBe(200);
    const verifyCode = codeIn(await verifyMail.arrived());
    keep(verifyCode);
    expect((await toolkit('update', { oobCode: verifyCode })).status).toBe(200);

    const resetMail = smtp.expectMail(email);
    expect((await toolkit('sendOobCode', { requestType: 'PASSWORD_RESET', email })).status).toBe(
      200,
    );
    const link = linkIn(await resetMail.arrived());
    const resetCode = link.searchParams.get('oobCode') ?? undefined;
    keep(resetCode);
    // The link is followed in a browser: its code travels in the query string of a request.
    await fetch(`${server.origin}${link.pathname}${link.search}`);
    expect((await toolkit('resetPassword', { oobCode: resetCode })).status).toBe(200);
    const reset = await toolkit('resetPassword', { oobCode: resetCode, newPassword: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    const again = await toolkit('signInWithPassword', { email, password: NEW_PASSWORD });
    expect(again.status).toBe(200);
    keep(again.body.idToken, again.body.refreshToken);

    const teacher = await signedInAs(server, 'teacher');
    keep(teacher.idToken);
    const lab = await createLab(teacher);
    const student = apiSession(server, again.body.idToken);
    keep(await student.antiforgeryToken());
    const { id: studentId } = (await student.call('GET', '/users/me')).json<{ id: string }>();
    const room = await classroom(server, teacher.id, {
      members: [[studentId, 'Accepted']],
      labs: [lab.id],
    });
    const submit = (flag: string) =>
      student.call('POST', `/classrooms/${room.id}/hacking-labs/${lab.id}/submissions`, { flag });
    expect((await submit(WRONG_FLAG)).json()).toMatchObject({ correct: false });
    expect((await submit(TEST_FLAG)).json()).toMatchObject({ correct: true });

    // The logs did see the session: every request above left its lines.
    expect(lines.length).toBeGreaterThan(40);
    expect(lines.some((line) => line.includes('accounts:resetPassword'))).toBe(true);
    expect(lines.some((line) => line.includes('/submissions'))).toBe(true);
    const leaks = lines.flatMap((line) =>
      [...secrets]
        .filter((secret) => line.includes(secret) || line.includes(encodeURIComponent(secret)))
        .map((secret) => `${secret.slice(0, 12)}… in ${line.slice(0, 300)}`),
    );
    expect(leaks).toEqual([]);
  });
});
