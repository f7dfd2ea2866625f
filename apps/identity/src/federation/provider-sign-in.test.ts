import { eq } from 'drizzle-orm';
import {
  createUserWithEmailAndPassword,
  linkWithCredential,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  jwksVerifier,
  sdkClient,
  startIdentity,
} from '../../testing';
import {
  addProvider,
  type OpenIdProvider,
  pendingCredential,
  REDIRECT_URI,
  signInWithPendingToken,
  startOpenIdProvider,
  tripThroughHandler,
} from '../../testing/federation';
import { accounts, federatedIdentities, signInProviders } from '../db/schema';

let server: IdentityServer;
let school: OpenIdProvider;
let people: OpenIdProvider['people'];

beforeAll(async () => {
  [server, school] = await Promise.all([
    startIdentity(),
    startOpenIdProvider({
      redirectUris: [REDIRECT_URI],
      people: {
        'ada-1': { email: 'ada@springfield.edu', emailVerified: true, name: 'Ada Lovelace' },
        'grace-2': {
          email: 'grace@springfield.edu',
          emailVerified: true,
          name: 'Grace Hopper',
          groups: ['staff', 'teachers'],
        },
        'eve-3': { email: 'eve@elsewhere.example', emailVerified: true, name: 'Eve' },
        'mallory-4': { email: 'mallory@springfield.edu', emailVerified: false, name: 'Mallory' },
        'linus-5': { email: 'linus@springfield.edu', emailVerified: true, name: 'Linus' },
        'noemail-6': { name: 'No Address' },
      },
    }),
  ]);
  people = school.people;
  await addProvider(server, school, {
    id: 'oidc.springfield',
    scopes: ['groups'],
    allowedDomains: ['springfield.edu'],
    teacherClaim: 'groups',
    teacherClaimValues: ['teachers'],
  });
});
afterEach(deleteSdkClients);
afterAll(async () => {
  await Promise.all([server.close(), school.close()]);
});

async function signIn(subject: string) {
  const outcome = await tripThroughHandler(server, { providerId: 'oidc.springfield', subject });
  if (!outcome.pendingToken) throw new Error(`no pending token: ${JSON.stringify(outcome)}`);
  const auth = sdkClient(server);
  return signInWithPendingToken(auth, 'oidc.springfield', outcome.pendingToken);
}

describe('signing in through an OpenID provider, with the firebase/auth SDK', () => {
  it('makes an account on the first sign-in, with no password, linked to the provider', async () => {
    const { user } = await signIn('ada-1');
    expect(user.email).toBe('ada@springfield.edu');
    expect(user.emailVerified).toBe(true);
    expect(user.displayName).toBe('Ada Lovelace');
    expect(user.providerData.map((info) => info.providerId)).toEqual(['oidc.springfield']);

    const verified = await jwksVerifier(server).verify(await user.getIdToken());
    expect(verified.claims).toMatchObject({
      provider_role: 'student',
      firebase: {
        sign_in_provider: 'oidc.springfield',
        identities: { 'oidc.springfield': ['ada-1'] },
      },
    });
    const [account] = await server.db().select().from(accounts).where(eq(accounts.uid, user.uid));
    expect(account?.passwordHash).toBeNull();
    // No password: password sign-in fails as for an unknown address.
    expect(
      await codeOf(signInWithEmailAndPassword(sdkClient(server), 'ada@springfield.edu', '')),
    ).toBe('auth/missing-password');
    expect(
      await codeOf(
        signInWithEmailAndPassword(sdkClient(server), 'ada@springfield.edu', 'correct horse'),
      ),
    ).toBe('auth/invalid-credential');
  });

  it('signs the same person into the same account again, and a refresh keeps the provider', async () => {
    const first = await signIn('linus-5');
    const again = await signIn('linus-5');
    expect(again.user.uid).toBe(first.user.uid);
    const refreshed = await again.user.getIdToken(true);
    const verified = await jwksVerifier(server).verify(refreshed);
    expect(verified.claims).toMatchObject({ firebase: { sign_in_provider: 'oidc.springfield' } });
  });

  it('makes a teacher of a member of the teachers group, and follows the group at each sign-in', async () => {
    const { user } = await signIn('grace-2');
    const claims = (await jwksVerifier(server).verify(await user.getIdToken())).claims;
    expect(claims.provider_role).toBe('teacher');

    people['grace-2'] = { ...people['grace-2'], groups: ['staff'] };
    const later = await signIn('grace-2');
    const laterClaims = (await jwksVerifier(server).verify(await later.user.getIdToken())).claims;
    expect(laterClaims.provider_role).toBe('student');
    people['grace-2'] = { ...people['grace-2'], groups: ['staff', 'teachers'] };
  });

  it('refuses an address of a domain the provider does not allow, and makes no account', async () => {
    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.springfield',
      subject: 'eve-3',
    });
    expect(outcome).toMatchObject({
      error: 'EMAIL_DOMAIN_NOT_ALLOWED',
      message: 'Accounts of elsewhere.example cannot sign in with Springfield School',
      eventId: 'event-1',
    });
    const made = await server
      .db()
      .select()
      .from(accounts)
      .where(eq(accounts.email, 'eve@elsewhere.example'));
    expect(made).toEqual([]);
  });

  it('tells the app when the person cancels at the provider', async () => {
    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.springfield',
      subject: 'ada-1',
      cancel: true,
    });
    expect(outcome).toMatchObject({
      error: 'IDP_REFUSED',
      message: 'access_denied: The person cancelled the sign-in',
    });
  });

  it('says so when the provider gives no address', async () => {
    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.springfield',
      subject: 'noemail-6',
    });
    expect(outcome.error).toBe('IDP_MISCONFIGURED');
    expect(outcome.message).toMatch(/no email address/);
  });
});

describe('an account that already holds the address', () => {
  it('is linked only once its holder signs in by password, then the provider opens it', async () => {
    const auth = sdkClient(server);
    const { user: holder } = await createUserWithEmailAndPassword(
      auth,
      'marie@springfield.edu',
      'correct horse',
    );
    people['marie-7'] = { email: 'marie@springfield.edu', emailVerified: true, name: 'Marie' };

    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.springfield',
      subject: 'marie-7',
    });
    const error = await signInWithPendingToken(
      sdkClient(server),
      'oidc.springfield',
      String(outcome.pendingToken),
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'auth/account-exists-with-different-credential',
      customData: { email: 'marie@springfield.edu' },
    });

    const signedIn = await signInWithEmailAndPassword(
      sdkClient(server),
      'marie@springfield.edu',
      'correct horse',
    );
    // The app keeps the pending token it was given: it links once the holder has signed in.
    const linked = await linkWithCredential(
      signedIn.user,
      pendingCredential('oidc.springfield', String(outcome.pendingToken)),
    );
    expect(linked.user.uid).toBe(holder.uid);
    expect(linked.user.providerData.map((info) => info.providerId).sort()).toEqual([
      'oidc.springfield',
      'password',
    ]);

    const { user } = await signIn('marie-7');
    expect(user.uid).toBe(holder.uid);
  });

  it('is never taken over by an address the provider has not verified', async () => {
    const { user: holder } = await createUserWithEmailAndPassword(
      sdkClient(server),
      'mallory@springfield.edu',
      'correct horse',
    );
    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.springfield',
      subject: 'mallory-4',
    });
    const error = await signInWithPendingToken(
      sdkClient(server),
      'oidc.springfield',
      String(outcome.pendingToken),
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'auth/account-exists-with-different-credential' });
    const links = await server
      .db()
      .select()
      .from(federatedIdentities)
      .where(eq(federatedIdentities.uid, holder.uid));
    expect(links).toEqual([]);
  });

  it('refuses to link an identity another account already holds', async () => {
    await signIn('ada-1');
    const { user } = await createUserWithEmailAndPassword(
      sdkClient(server),
      'someone@springfield.edu',
      'correct horse',
    );
    const outcome = await tripThroughHandler(server, {
      providerId: 'oidc.springfield',
      subject: 'ada-1',
    });
    expect(
      await codeOf(
        linkWithCredential(
          user,
          pendingCredential('oidc.springfield', String(outcome.pendingToken)),
        ),
      ),
    ).toBe('auth/credential-already-in-use');
  });
});

describe('school accounts only', () => {
  it('refuses password sign-up and sign-in for the domain, and nowhere else', async () => {
    const { user } = await createUserWithEmailAndPassword(
      sdkClient(server),
      'before@springfield.edu',
      'correct horse',
    );
    await server
      .db()
      .update(signInProviders)
      .set({ schoolAccountsOnly: true })
      .where(eq(signInProviders.id, 'oidc.springfield'));
    try {
      const refused = await server.call('/v1/accounts:signUp', {
        email: 'new@springfield.edu',
        password: 'correct horse',
        returnSecureToken: true,
      });
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        'PASSWORD_LOGIN_DISABLED : Accounts of springfield.edu sign in with Springfield School',
      );
      expect(
        await codeOf(
          signInWithEmailAndPassword(sdkClient(server), user.email ?? '', 'correct horse'),
        ),
      ).toBe('auth/operation-not-allowed');
      await createUserWithEmailAndPassword(
        sdkClient(server),
        'parent@home.example',
        'correct horse',
      );
      expect((await signIn('ada-1')).user.email).toBe('ada@springfield.edu');
    } finally {
      await server
        .db()
        .update(signInProviders)
        .set({ schoolAccountsOnly: false })
        .where(eq(signInProviders.id, 'oidc.springfield'));
    }
  });
});
