import type { Account } from '../db/schema';
import type { Tokens } from '../tokens/sessions';
import type { FederatedOutcome } from './federated-sign-in';

const KIND = 'identitytoolkit#VerifyAssertionResponse';

type Outcome<K extends FederatedOutcome['kind']> = Extract<FederatedOutcome, { kind: K }>;

/** What the provider said of the person, as the SDK's additional user info reads it. */
function rawUserInfo({ identity }: Pick<FederatedOutcome, 'identity'>) {
  return JSON.stringify({
    sub: identity.subject,
    email: identity.email,
    email_verified: identity.emailVerified,
    ...(identity.displayName ? { name: identity.displayName } : {}),
    ...(identity.photoUrl ? { picture: identity.photoUrl } : {}),
  });
}

/** signInWithIdp's answer to a sign-in (or a link) that went through. */
export function signedInResponse(outcome: Outcome<'signed-in'>, account: Account, tokens: Tokens) {
  return {
    kind: KIND,
    providerId: outcome.provider.providerId,
    federatedId: outcome.identity.subject,
    localId: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    ...(account.displayName ? { displayName: account.displayName } : {}),
    ...(account.photoUrl ? { photoUrl: account.photoUrl } : {}),
    ...(outcome.isNewUser ? { isNewUser: true } : {}),
    rawUserInfo: rawUserInfo(outcome),
    ...tokens,
  };
}

/**
 * An account already holds the address: the SDK raises auth/account-exists-with-different-
 * credential, with this pending token in the error, for the app to link once the person has
 * signed in by password.
 */
export function needsConfirmationResponse(
  outcome: Outcome<'needs-confirmation'>,
  pendingToken: string,
) {
  return {
    kind: KIND,
    providerId: outcome.providerId,
    federatedId: outcome.identity.subject,
    email: outcome.identity.email,
    emailVerified: outcome.identity.emailVerified,
    needConfirmation: true,
    verifiedProvider: ['password'],
    pendingToken,
    rawUserInfo: rawUserInfo(outcome),
  };
}
