import type { IdentityContext } from '../context';
import type { SignInProvider } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { openClientSecret } from './client-secrets';
import { networkReason } from './network-reason';
import type { ProviderMetadata } from './provider-metadata';

/** Form encoding, as client_secret_basic asks of the id and secret (RFC 6749, 2.3.1). */
const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

/**
 * Posts `fields` to the provider's token endpoint as HackClass's client: with
 * client_secret_basic, the specification's default, or client_secret_post where the provider
 * offers only that. Answers the status and the JSON body (empty when it is none).
 */
export async function postToTokenEndpoint(
  ctx: IdentityContext,
  provider: SignInProvider,
  metadata: ProviderMetadata,
  fields: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const secret = await openClientSecret(ctx.keySealer, provider.id, provider.clientSecretSealed);
  const form = new URLSearchParams(fields);
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const methods = metadata.tokenAuthMethods;
  if (methods.length > 0 && !methods.includes('client_secret_basic')) {
    form.set('client_id', provider.clientId);
    form.set('client_secret', secret);
  } else {
    const pair = `${formEncode(provider.clientId)}:${formEncode(secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  let response: Response;
  try {
    response = await fetch(metadata.tokenEndpoint, {
      method: 'POST',
      headers,
      body: form,
      redirect: 'error',
      signal: AbortSignal.timeout(ctx.providerSettings.timeoutMs),
    });
  } catch (error) {
    throw new ProtocolError(
      'IDP_UNAVAILABLE',
      `The provider's token endpoint could not be reached: ${networkReason(error)}`,
    );
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { status: response.status, body };
}
