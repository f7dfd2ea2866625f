import { createHash } from 'node:crypto';
import { BASE_PROVIDER_SCOPES } from '@hackclass/contracts';
import { lt } from 'drizzle-orm';
import type { IdentityContext } from '../context';
import { idpSignIns, type SignInProvider } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { PROVIDER_TRIPS_PER_IP } from '../throttle/limits';
import { buckets, takeTurn } from '../throttle/throttle';
import { newSecret, secretHash } from '../tokens/secrets';
import { findProvider } from './providers';

/** How long a person has at their provider before the trip must start again. */
export const SIGN_IN_TRIP_MS = 15 * 60_000;

/** Parameters a caller may pass on to the provider's authorization page; no others. */
const PASSED_PARAMETERS = ['login_hint', 'prompt', 'hd', 'domain_hint'] as const;

/** The path of the page providers send people back to, on the service's public origin. */
export const HANDLER_PATH = '/__/auth/handler';

export const redirectUriOf = (publicUrl: string) => new URL(HANDLER_PATH, publicUrl).href;

/** An enabled provider by id, or the protocol's error for an unknown or switched-off one. */
export async function usableProvider(ctx: IdentityContext, id: string): Promise<SignInProvider> {
  const provider = await findProvider(ctx, id);
  if (!provider) throw new ProtocolError('INVALID_PROVIDER_ID', `No provider is called ${id}`);
  if (!provider.enabled) {
    throw new ProtocolError('OPERATION_NOT_ALLOWED', `Sign-in with ${provider.displayName} is off`);
  }
  return provider;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Starts a trip to the provider: the authorization code flow with PKCE (S256), a `state` that
 * ties the answer to this trip, and a `nonce` that ties the ID token to it. Answers the address
 * to send the person to and the session id that must come back with the answer.
 */
export async function startSignIn(
  ctx: IdentityContext,
  {
    ip,
    providerId,
    customParameters = {},
    returnUrl,
    eventId,
  }: {
    /** The client's address: trips are counted per address. */
    ip: string;
    providerId: string;
    customParameters?: Record<string, string>;
    /** For a trip through the sign-in page: where in the app it ends, and the app's id of it. */
    returnUrl?: string;
    eventId?: string;
  },
): Promise<{ authUri: string; sessionId: string }> {
  const provider = await usableProvider(ctx, providerId);
  await takeTurn(
    ctx,
    () =>
      new ProtocolError(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
        'Too many sign-ins started from this address; try again in a few minutes',
      ),
    { bucket: buckets.providerTripIp(ip), limit: PROVIDER_TRIPS_PER_IP },
  );
  const metadata = await ctx.providers.metadata(provider.issuer);
  const [sessionId, state, nonce, codeVerifier] = [
    newSecret(),
    newSecret(),
    newSecret(),
    newSecret(),
  ];
  const now = ctx.now();
  const redirectUri = redirectUriOf(ctx.publicUrl);
  // Trips that were never finished go as new ones start: the table stays the size of an hour.
  await ctx.db
    .delete(idpSignIns)
    .where(lt(idpSignIns.expiresAt, new Date(now.getTime() - 3600_000)));
  await ctx.db.insert(idpSignIns).values({
    sessionHash: secretHash(sessionId),
    stateHash: secretHash(state),
    providerId: provider.id,
    nonce,
    codeVerifier,
    redirectUri,
    returnUrl: returnUrl ?? null,
    eventId: eventId ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SIGN_IN_TRIP_MS),
  });
  const authUri = new URL(metadata.authorizationEndpoint);
  const scopes = new Set([...BASE_PROVIDER_SCOPES, ...provider.scopes]);
  for (const name of PASSED_PARAMETERS) {
    const value = customParameters[name];
    if (value) authUri.searchParams.set(name, value);
  }
  authUri.searchParams.set('response_type', 'code');
  authUri.searchParams.set('client_id', provider.clientId);
  authUri.searchParams.set('redirect_uri', redirectUri);
  authUri.searchParams.set('scope', [...scopes].join(' '));
  authUri.searchParams.set('state', state);
  authUri.searchParams.set('nonce', nonce);
  authUri.searchParams.set('code_challenge', s256(codeVerifier));
  authUri.searchParams.set('code_challenge_method', 'S256');
  return { authUri: authUri.href, sessionId };
}
