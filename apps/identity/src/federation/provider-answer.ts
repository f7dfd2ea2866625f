import { and, eq, gt, isNull } from 'drizzle-orm';
import { errors, type JWTPayload, jwtVerify } from 'jose';
import { normaliseEmail } from '../accounts/email';
import type { IdentityContext } from '../context';
import {
  type IdpSignIn,
  idpSignIns,
  type ProviderIdentity,
  type SignInProvider,
} from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { newSecret, secretHash } from '../tokens/secrets';
import { networkReason } from './network-reason';
import type { ProviderMetadata } from './provider-metadata';
import { isAllowedDomain, roleOf } from './role-rules';
import { usableProvider } from './start-sign-in';
import { postToTokenEndpoint } from './token-endpoint';

/** How far a provider's clock may be from ours for `iat` and `exp`. */
export const CLOCK_SKEW_SECONDS = 60;

/** How long the pending token of an answered trip may be redeemed (and, after, linked). */
export const PENDING_TOKEN_MS = 10 * 60_000;

const invalidAnswer = (detail: string) => new ProtocolError('INVALID_IDP_RESPONSE', detail);

/** The trip `sessionId` started, still open. */
async function openTrip(ctx: IdentityContext, sessionId: string): Promise<IdpSignIn> {
  const [trip] = await ctx.db
    .select()
    .from(idpSignIns)
    .where(eq(idpSignIns.sessionHash, secretHash(sessionId)));
  if (!trip) throw invalidAnswer('This sign-in was not started here, or has been finished');
  if (trip.expiresAt <= ctx.now()) {
    throw invalidAnswer('This sign-in took too long: start again');
  }
  return trip;
}

/** Reads the provider's answer from the address it sent the browser back to. */
function readAnswer(trip: IdpSignIn, requestUri: string) {
  let answer: URL;
  try {
    answer = new URL(requestUri);
  } catch {
    throw invalidAnswer('The request URI is not an address');
  }
  // Redirect URIs compare exactly: the answer must come back to the address the trip named.
  if (`${answer.origin}${answer.pathname}` !== trip.redirectUri) {
    throw invalidAnswer('The answer came back to another address than the redirect URI');
  }
  const params = answer.searchParams;
  if (params.get('error')) {
    const description = params.get('error_description');
    throw new ProtocolError(
      'IDP_REFUSED',
      `${params.get('error')}${description ? `: ${description}` : ''}`,
    );
  }
  const state = params.get('state');
  const code = params.get('code');
  if (!state || secretHash(state) !== trip.stateHash) {
    throw invalidAnswer('The answer does not belong to this sign-in (state)');
  }
  if (!code) throw invalidAnswer('The provider sent no authorization code');
  return code;
}

/** Redeems the code at the provider's token endpoint, authenticating as its client. */
async function redeemCode(
  ctx: IdentityContext,
  { provider, metadata, trip, code }: Answered,
): Promise<{ idToken: string; accessToken?: string | undefined }> {
  const { status, body } = await postToTokenEndpoint(ctx, provider, metadata, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: trip.redirectUri,
    code_verifier: trip.codeVerifier,
  });
  if (status !== 200) {
    const error = typeof body.error === 'string' ? body.error : `HTTP ${status}`;
    if (error === 'invalid_client' || error === 'unauthorized_client') {
      throw new ProtocolError(
        'IDP_MISCONFIGURED',
        `The provider refused HackClass's client id or secret (${error})`,
      );
    }
    throw invalidAnswer(`The provider refused the authorization code (${error})`);
  }
  if (typeof body.id_token !== 'string') {
    throw new ProtocolError(
      'IDP_MISCONFIGURED',
      'The provider sent no ID token: is openid a scope?',
    );
  }
  return {
    idToken: body.id_token,
    accessToken: typeof body.access_token === 'string' ? body.access_token : undefined,
  };
}

/** Checks the ID token: signature by the provider's keys, issuer, audience, times, nonce. */
async function checkIdToken(
  ctx: IdentityContext,
  { provider, metadata, trip }: Answered,
  idToken: string,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(idToken, ctx.providers.keys(metadata), {
      issuer: metadata.issuer,
      audience: provider.clientId,
      algorithms: metadata.signingAlgorithms,
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: ctx.now(),
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    if (payload.nonce !== trip.nonce) throw new ProtocolError('MISSING_OR_INVALID_NONCE');
    const iat = payload.iat ?? 0;
    if (iat > ctx.now().getTime() / 1000 + CLOCK_SKEW_SECONDS) {
      throw invalidAnswer('The ID token was issued in the future');
    }
    // With more than one audience, the token must say it was issued to us (OIDC Core 3.1.3.7).
    if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== provider.clientId) {
      throw invalidAnswer('The ID token was issued to another client (azp)');
    }
    return payload;
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    if (error instanceof errors.JOSEError) {
      throw invalidAnswer(`The provider's ID token is not valid (${error.code}: ${error.message})`);
    }
    throw error;
  }
}

/**
 * The ID token's claims, completed from the UserInfo endpoint when it names no address: a
 * provider may keep profile claims there (OIDC Core 5.4). UserInfo's `sub` must be the token's,
 * and what the signed ID token says always wins.
 */
async function withUserInfo(
  ctx: IdentityContext,
  metadata: ProviderMetadata,
  claims: JWTPayload,
  accessToken: string | undefined,
): Promise<JWTPayload> {
  if (typeof claims.email === 'string' || !metadata.userinfoEndpoint || !accessToken) {
    return claims;
  }
  let info: Record<string, unknown>;
  try {
    const response = await fetch(metadata.userinfoEndpoint, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(ctx.providerSettings.timeoutMs),
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    info = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw new ProtocolError(
      'IDP_UNAVAILABLE',
      `The provider's UserInfo endpoint did not answer (${networkReason(error)})`,
    );
  }
  if (info.sub !== claims.sub) {
    throw invalidAnswer('The provider described another person than the ID token (sub)');
  }
  return { ...info, ...claims };
}

interface Answered {
  provider: SignInProvider;
  metadata: ProviderMetadata;
  trip: IdpSignIn;
  code: string;
}

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** Who the checked ID token names, with the role the provider's rules give them. */
function identityOf(provider: SignInProvider, claims: JWTPayload): ProviderIdentity {
  const address = text(claims.email);
  if (!address) {
    throw new ProtocolError(
      'IDP_MISCONFIGURED',
      'The provider sent no email address: is email a scope, and does the account have one?',
    );
  }
  const email = normaliseEmail(address);
  if (!isAllowedDomain(provider, email)) {
    throw new ProtocolError(
      'EMAIL_DOMAIN_NOT_ALLOWED',
      `Accounts of ${email.slice(email.indexOf('@') + 1)} cannot sign in with ${provider.displayName}`,
    );
  }
  // Some providers send the flag as a string; anything but true is unverified. Entra ID sends
  // none: its optional claim xms_edov says the address's domain is verified by its tenant.
  const verified = [claims.email_verified, claims.xms_edov].some(
    (flag) => flag === true || flag === 'true',
  );
  return {
    subject: String(claims.sub),
    email,
    emailVerified: verified,
    displayName: text(claims.name),
    photoUrl: text(claims.picture),
    role: roleOf(provider, { email, claims }),
  };
}

/**
 * Finishes a trip with the provider's answer (the address it sent the browser back to): redeems
 * the code once, checks the ID token, applies the provider's domain and role rules, and keeps
 * who signed in under a pending token, which signInWithIdp redeems.
 */
export async function answerSignIn(
  ctx: IdentityContext,
  { sessionId, requestUri }: { sessionId: string; requestUri: string },
): Promise<{ pendingToken: string; providerId: string; identity: ProviderIdentity }> {
  const trip = await openTrip(ctx, sessionId);
  const code = readAnswer(trip, requestUri);
  // A trip is answered once: a code or a state replayed finds it taken.
  const [taken] = await ctx.db
    .update(idpSignIns)
    .set({ answeredAt: ctx.now() })
    .where(
      and(
        eq(idpSignIns.sessionHash, trip.sessionHash),
        isNull(idpSignIns.answeredAt),
        gt(idpSignIns.expiresAt, ctx.now()),
      ),
    )
    .returning();
  if (!taken) throw invalidAnswer('This sign-in has already been answered: start again');
  const provider = await usableProvider(ctx, trip.providerId);
  const metadata = await ctx.providers.metadata(provider.issuer);
  const answered = { provider, metadata, trip, code };
  const tokens = await redeemCode(ctx, answered);
  const claims = await withUserInfo(
    ctx,
    metadata,
    await checkIdToken(ctx, answered, tokens.idToken),
    tokens.accessToken,
  );
  const identity = identityOf(provider, claims);
  const pendingToken = newSecret();
  await ctx.db
    .update(idpSignIns)
    .set({
      identity,
      pendingTokenHash: secretHash(pendingToken),
      expiresAt: new Date(ctx.now().getTime() + PENDING_TOKEN_MS),
    })
    .where(eq(idpSignIns.sessionHash, trip.sessionHash));
  return { pendingToken, providerId: provider.id, identity };
}
