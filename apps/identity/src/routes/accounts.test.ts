import {
  createUserWithEmailAndPassword,
  deleteUser,
  getIdToken,
  reload,
  signInWithEmailAndPassword,
  updatePassword,
  updateProfile,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  jwksVerifier,
  PROJECT_ID,
  sdkClient,
  startIdentity,
  uniqueEmail,
} from '../../testing';

let server: IdentityServer;
beforeAll(async () => {
  server = await startIdentity();
});
afterEach(deleteSdkClients);
afterAll(() => server.close());

describe('sign-up and sign-in through the firebase/auth SDK', () => {
  it('signs up; the ID token verifies against the JWKS URL with our claims', async () => {
    const auth = sdkClient(server);
    const email = uniqueEmail('Ada');
    const { user } = await createUserWithEmailAndPassword(auth, email, 'correct horse');
    expect(user.email).toBe(email.toLowerCase());
    expect(user.emailVerified).toBe(false);

    const token = await user.getIdToken();
    const verified = await jwksVerifier(server).verify(token);
    expect(verified).toMatchObject({ uid: user.uid, emailVerified: false, email: user.email });
    const claims = verified.claims;
    expect(claims).toMatchObject({
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      sub: user.uid,
      user_id: user.uid,
      email_verified: false,
      firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
  });

  it('refuses a second account, a weak password and a malformed address', async () => {
    const auth = sdkClient(server);
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'correct horse');
    expect(
      await codeOf(createUserWithEmailAndPassword(auth, email.toUpperCase(), 'another one')),
    ).toBe('auth/email-already-in-use');
    expect(await codeOf(createUserWithEmailAndPassword(auth, uniqueEmail(), 'short'))).toBe(
      'auth/weak-password',
    );
    expect(await codeOf(createUserWithEmailAndPassword(auth, 'not-an-email', 'long enough'))).toBe(
      'auth/invalid-email',
    );
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const auth = sdkClient(server);
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'correct horse');
    expect(await codeOf(signInWithEmailAndPassword(auth, email, 'wrong horse'))).toBe(
      'auth/invalid-credential',
    );
    expect(await codeOf(signInWithEmailAndPassword(auth, uniqueEmail(), 'correct horse'))).toBe(
      'auth/invalid-credential',
    );
    const { user } = await signInWithEmailAndPassword(auth, email, 'correct horse');
    expect(user.email).toBe(email);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    const auth = sdkClient(server);
    const email = uniqueEmail();
    await createUserWithEmailAndPassword(auth, email, 'correct horse');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect(await codeOf(signInWithEmailAndPassword(auth, email, `wrong ${attempt}`))).toBe(
        'auth/invalid-credential',
      );
    }
    expect(await codeOf(signInWithEmailAndPassword(auth, email, 'correct horse'))).toBe(
      'auth/too-many-requests',
    );
    server.clock.advance(16 * 60_000);
    const { user } = await signInWithEmailAndPassword(auth, email, 'correct horse');
    expect(user.email).toBe(email);
  });

  it('refuses a disabled account at sign-in and at refresh; enabling restores sign-in', async () => {
    const auth = sdkClient(server);
    const email = uniqueEmail();
    const created = await server.admin('POST', '/accounts', { email, password: 'correct horse' });
    const { uid } = (await created.json()) as { uid: string };
    const { user } = await signInWithEmailAndPassword(auth, email, 'correct horse');
    expect(user.uid).toBe(uid);

    expect((await server.admin('POST', `/accounts/${uid}/disable`)).status).toBe(200);
    expect(await codeOf(getIdToken(user, true))).toBe('auth/user-disabled');
    expect(
      await codeOf(signInWithEmailAndPassword(sdkClient(server), email, 'correct horse')),
    ).toBe('auth/user-disabled');

    expect((await server.admin('POST', `/accounts/${uid}/enable`)).status).toBe(200);
    const again = await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    expect(again.user.uid).toBe(uid);
  });
});

describe('profile, password and deletion through the firebase/auth SDK', () => {
  it('updates and clears the display name and photo URL; tokens carry them after refresh', async () => {
    const auth = sdkClient(server);
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail(), 'correct horse');
    await updateProfile(user, { displayName: 'Ada L.', photoURL: 'https://example.org/ada.png' });
    expect(user.displayName).toBe('Ada L.');
    await reload(user);
    expect(user.photoURL).toBe('https://example.org/ada.png');
    const claims = (await jwksVerifier(server).verify(await getIdToken(user, true))).claims;
    expect(claims).toMatchObject({ name: 'Ada L.', picture: 'https://example.org/ada.png' });

    await updateProfile(user, { displayName: null, photoURL: null });
    await reload(user);
    expect(user.displayName).toBeNull();
    expect(user.photoURL).toBeNull();
    expect(await codeOf(updateProfile(user, { photoURL: 'javascript:alert(1)' }))).not.toBe(
      'resolved',
    );
  });

  it('refuses display names that are not one line of visible text, or hold a web address', async () => {
    const auth = sdkClient(server);
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail(), 'correct horse');
    for (const displayName of [
      'Ada\r\nBcc: x@evil.example',
      'Ada\u202Eecalevol',
      'www.evil.example',
    ]) {
      expect(await codeOf(updateProfile(user, { displayName }))).toBe('auth/invalid-argument');
    }
    await reload(user);
    expect(user.displayName).toBeNull();
  });

  it('changes the password: old sessions end, the new password works', async () => {
    const email = uniqueEmail();
    const other = await createUserWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    const { user } = await signInWithEmailAndPassword(sdkClient(server), email, 'correct horse');
    expect(await codeOf(updatePassword(user, 'short'))).toBe('auth/weak-password');
    // The password counts as changed in a later second than the other session's tokens.
    server.clock.advance(1_000);
    await updatePassword(user, 'battery staple');

    expect(await codeOf(getIdToken(user, true))).toBe('resolved');
    expect(await codeOf(getIdToken(other.user, true))).toBe('auth/user-token-expired');
    expect(
      await codeOf(signInWithEmailAndPassword(sdkClient(server), email, 'correct horse')),
    ).toBe('auth/invalid-credential');
    await signInWithEmailAndPassword(sdkClient(server), email, 'battery staple');
  });

  it('asks for a recent sign-in before a password change or deletion', async () => {
    const { user } = await createUserWithEmailAndPassword(
      sdkClient(server),
      uniqueEmail(),
      'correct horse',
    );
    server.clock.advance(6 * 60_000);
    expect(await codeOf(updatePassword(user, 'battery staple'))).toBe('auth/requires-recent-login');
    expect(await codeOf(deleteUser(user))).toBe('auth/requires-recent-login');
  });

  it('deletes the account: it can no longer sign in and the address is free again', async () => {
    const email = uniqueEmail();
    const auth = sdkClient(server);
    const { user } = await createUserWithEmailAndPassword(auth, email, 'correct horse');
    await deleteUser(user);
    expect(auth.currentUser).toBeNull();
    expect(await codeOf(signInWithEmailAndPassword(auth, email, 'correct horse'))).toBe(
      'auth/invalid-credential',
    );
    await createUserWithEmailAndPassword(auth, email, 'correct horse');
  });
});
