import type { IdentityContext } from '../context';
import type { SignInProvider } from '../db/schema';
import { ProtocolError } from '../protocol/errors';
import { newSecret } from '../tokens/secrets';
import type { ProviderMetadata } from './provider-metadata';
import { redirectUriOf } from './start-sign-in';
import { postToTokenEndpoint } from './token-endpoint';

export interface SetUpCheck {
  step: 'discovery' | 'keys' | 'client';
  ok: boolean;
  message: string;
}

const messageOf = (error: unknown) =>
  error instanceof ProtocolError
    ? error.message.split(' : ').slice(1).join(' : ') || error.message
    : error instanceof Error
      ? error.message
      : String(error);

async function checkKeys(ctx: IdentityContext, metadata: ProviderMetadata): Promise<SetUpCheck> {
  try {
    const response = await fetch(metadata.jwksUri, {
      redirect: 'error',
      signal: AbortSignal.timeout(ctx.providerSettings.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { keys?: unknown };
    const keys = Array.isArray(body.keys) ? body.keys : [];
    if (!response.ok || keys.length === 0) {
      return {
        step: 'keys',
        ok: false,
        message: `${metadata.jwksUri} answered ${response.status} with no signing keys`,
      };
    }
    return {
      step: 'keys',
      ok: true,
      message: `${keys.length} signing key(s); ID tokens accepted in ${metadata.signingAlgorithms.join(', ') || 'no algorithm this service allows'}`,
    };
  } catch (error) {
    return { step: 'keys', ok: false, message: `${metadata.jwksUri}: ${messageOf(error)}` };
  }
}

/**
 * Presents the client id and secret to the token endpoint with a code that cannot be valid: a
 * provider that knows the client refuses the code (invalid_grant), one that does not refuses
 * the client (invalid_client).
 */
async function checkClient(
  ctx: IdentityContext,
  provider: SignInProvider,
  metadata: ProviderMetadata,
): Promise<SetUpCheck> {
  try {
    const { status, body } = await postToTokenEndpoint(ctx, provider, metadata, {
      grant_type: 'authorization_code',
      code: newSecret(),
      redirect_uri: redirectUriOf(ctx.publicUrl),
      code_verifier: newSecret(),
    });
    if (body.error === 'invalid_grant') {
      return { step: 'client', ok: true, message: 'The provider knows the client id and secret' };
    }
    if (body.error === 'invalid_client' || body.error === 'unauthorized_client') {
      return {
        step: 'client',
        ok: false,
        message: `The provider refused the client id or secret (${body.error}): copy them again from its console`,
      };
    }
    return {
      step: 'client',
      ok: false,
      message: `The token endpoint answered ${status}${typeof body.error === 'string' ? ` (${body.error})` : ''}`,
    };
  } catch (error) {
    return { step: 'client', ok: false, message: `${metadata.tokenEndpoint}: ${messageOf(error)}` };
  }
}

/**
 * What the admin's "Test sign-in" checks, each step with what is wrong: the discovery
 * document, the signing keys, and whether the provider knows the client id and secret.
 */
export async function checkProvider(
  ctx: IdentityContext,
  provider: SignInProvider,
): Promise<SetUpCheck[]> {
  ctx.providers.forget(provider.issuer);
  let metadata: ProviderMetadata;
  try {
    metadata = await ctx.providers.metadata(provider.issuer);
  } catch (error) {
    return [{ step: 'discovery', ok: false, message: messageOf(error) }];
  }
  const discovery: SetUpCheck = {
    step: 'discovery',
    ok: true,
    message: `Found ${provider.issuer}; register ${redirectUriOf(ctx.publicUrl)} as its redirect URI`,
  };
  return [discovery, await checkKeys(ctx, metadata), await checkClient(ctx, provider, metadata)];
}
