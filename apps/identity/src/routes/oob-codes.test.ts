import {
  applyActionCode,
  confirmPasswordReset,
  getIdToken,
  parseActionCodeURL,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  verifyPasswordResetCode,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  jwksVerifier,
  linkIn,
  PUBLIC_URL,
  signUpWithSdk,
  startIdentity,
  uniqueEmail,
} from '../../testing';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterEach(deleteSdkClients);
afterAll(() => server.close());

const signedUp = (email?: string) => signUpWithSdk(server, email);

async function verificationCode(user: Awaited<ReturnType<typeof signedUp>>['user']) {
  const mail = server.smtp.expectMail(user.email ?? '');
  await sendEmailVerification(user, { url: `${PUBLIC_URL}/classrooms` });
  const link = linkIn(await mail.arrived());
  const parsed = parseActionCodeURL(link.toString());
  if (!parsed) throw new Error(`the SDK cannot parse ${link}`);
  return { link, parsed };
}

describe('email verification by mail', () => {
  it('verifies the address with the mailed code, once', async () => {
    const { auth, user } = await signedUp();
    const { link, parsed } = await verificationCode(user);
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/auth/email-verified`);
    expect(parsed).toMatchObject({
      operation: 'VERIFY_EMAIL',
      apiKey: API_KEY,
      continueUrl: `${PUBLIC_URL}/classrooms`,
    });

    await applyActionCode(auth, parsed.code);
    await reload(user);
    expect(user.emailVerified).toBe(true);
    const verified = await jwksVerifier(server).verify(await getIdToken(user, true));
    expect(verified.emailVerified).toBe(true);

    expect(await codeOf(applyActionCode(auth, parsed.code))).toBe('auth/invalid-action-code');
  });

  it('refuses an expired code and a made-up one', async () => {
    const { auth, user } = await signedUp();
    const { parsed } = await verificationCode(user);
    server.clock.advance(24 * 3600_000 + 1_000);
    expect(await codeOf(applyActionCode(auth, parsed.code))).toBe('auth/expired-action-code');
    expect(await codeOf(applyActionCode(auth, 'made-up'))).toBe('auth/invalid-action-code');
  });

  it('refuses a continue URL off the product origin', async () => {
    const { user } = await signedUp();
    const offSite = sendEmailVerification(user, { url: 'https://evil.example.com/x' });
    expect(await codeOf(offSite)).toBe('auth/unauthorized-continue-uri');
  });
});

describe('password reset by mail', () => {
  it('resets the password: the old one fails, the new one works, old sessions end', async () => {
    const { auth, user, email } = await signedUp();
    const mail = server.smtp.expectMail(email);
    await sendPasswordResetEmail(auth, email);
    const link = linkIn(await mail.arrived());
    expect(link.pathname).toBe('/auth/reset-password');
    const code = parseActionCodeURL(link.toString())?.code ?? '';

    expect(await verifyPasswordResetCode(auth, code)).toBe(email);
    expect(await codeOf(confirmPasswordReset(auth, code, 'short'))).toBe('auth/weak-password');
    expect(await codeOf(confirmPasswordReset(auth, code, 'iloveyou'))).toBe('auth/weak-password');
    server.clock.advance(1_000);
    await confirmPasswordReset(auth, code, 'battery staple');

    expect(await codeOf(getIdToken(user, true))).toBe('auth/user-token-expired');
    expect(await codeOf(signInWithEmailAndPassword(auth, email, 'correct horse'))).toBe(
      'auth/invalid-credential',
    );
    const signedIn = await signInWithEmailAndPassword(auth, email, 'battery staple');
    expect(signedIn.user.emailVerified).toBe(true);
    expect(await codeOf(confirmPasswordReset(auth, code, 'another one'))).toBe(
      'auth/invalid-action-code',
    );
  });

  it('expires reset codes after an hour', async () => {
    const { auth, email } = await signedUp();
    const mail = server.smtp.expectMail(email);
    await sendPasswordResetEmail(auth, email);
    const code = parseActionCodeURL(linkIn(await mail.arrived()).toString())?.code ?? '';
    server.clock.advance(3600_000 + 1_000);
    expect(await codeOf(verifyPasswordResetCode(auth, code))).toBe('auth/expired-action-code');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const known = await signedUp();
    const unknown = uniqueEmail('nobody');
    const mailsBefore = server.smtp.messages.length;
    const answers = await Promise.all(
      [known.email, unknown].map(async (email) => {
        const response = await server.call('/v1/accounts:sendOobCode', {
          requestType: 'PASSWORD_RESET',
          email,
        });
        return { status: response.status, body: await response.json() };
      }),
    );
    expect(answers[0]).toEqual({
      status: 200,
      body: { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: known.email },
    });
    expect(answers[1]).toEqual({
      status: 200,
      body: { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: unknown },
    });
    await server.smtp
      .expectMail(known.email)
      .arrived()
      .catch(() => undefined);
    const sent = server.smtp.messages.slice(mailsBefore);
    expect(sent.flatMap((mail) => mail.to)).not.toContain(unknown);
  });
});
