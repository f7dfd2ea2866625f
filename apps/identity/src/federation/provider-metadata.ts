import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { ProtocolError } from '../protocol/errors';
import { networkReason } from './network-reason';

/** The parts of a provider's discovery document (OpenID Connect Discovery 1.0) used here. */
export interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  /** Where claims the ID token leaves out are read (OIDC Core 5.3); not every provider has one. */
  userinfoEndpoint?: string | undefined;
  tokenAuthMethods: string[];
  signingAlgorithms: string[];
}

/**
 * Asymmetric algorithms only: `none` is never accepted, and neither is HS256, which would let a
 * token signed with the provider's public key (or the client secret) pass.
 */
export const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
] as const;

export interface MetadataSettings {
  /** How long a discovery document is kept before it is fetched again. */
  cacheMs: number;
  /** How long a provider may take to answer one request. */
  timeoutMs: number;
  /** The least time between two fetches of a key set that lacks a token's key. */
  keysCooldownMs: number;
}

export const METADATA_DEFAULTS: MetadataSettings = {
  cacheMs: 10 * 60_000,
  timeoutMs: 5_000,
  keysCooldownMs: 30_000,
};

const unreachable = (issuer: string, why: string) =>
  new ProtocolError('IDP_UNAVAILABLE', `The provider at ${issuer} could not be reached: ${why}`);

const misconfigured = (issuer: string, why: string) =>
  new ProtocolError('IDP_MISCONFIGURED', `The provider at ${issuer} ${why}`);

/** Plain HTTP only on this machine: a school's provider is reached over HTTPS. */
export function isAllowedProviderUrl(url: URL): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

function endpoint(document: Record<string, unknown>, name: string, issuer: string): string {
  const value = document[name];
  if (typeof value !== 'string') throw misconfigured(issuer, `names no ${name}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw misconfigured(issuer, `names an invalid ${name}: ${value}`);
  }
  if (!isAllowedProviderUrl(url)) throw misconfigured(issuer, `must serve ${name} over HTTPS`);
  return value;
}

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Reads and checks a discovery document: its issuer must be exactly the one configured. */
export function parseMetadata(issuer: string, document: unknown): ProviderMetadata {
  if (typeof document !== 'object' || document === null) {
    throw misconfigured(issuer, 'answered a discovery document that is not a JSON object');
  }
  const fields = document as Record<string, unknown>;
  if (fields.issuer !== issuer) {
    throw misconfigured(
      issuer,
      `calls itself ${String(fields.issuer)}: the issuer must match exactly, trailing slash included`,
    );
  }
  const supported = stringList(fields.id_token_signing_alg_values_supported);
  return {
    issuer,
    authorizationEndpoint: endpoint(fields, 'authorization_endpoint', issuer),
    tokenEndpoint: endpoint(fields, 'token_endpoint', issuer),
    jwksUri: endpoint(fields, 'jwks_uri', issuer),
    userinfoEndpoint:
      fields.userinfo_endpoint === undefined
        ? undefined
        : endpoint(fields, 'userinfo_endpoint', issuer),
    tokenAuthMethods: stringList(fields.token_endpoint_auth_methods_supported),
    // Absent, the specification's default is RS256.
    signingAlgorithms: (supported.length > 0 ? supported : ['RS256']).filter((alg) =>
      (ID_TOKEN_ALGORITHMS as readonly string[]).includes(alg),
    ),
  };
}

export interface ProviderDirectory {
  metadata(issuer: string): Promise<ProviderMetadata>;
  /** The provider's key set; a token with an unknown `kid` fetches it again (key rotation). */
  keys(metadata: ProviderMetadata): JWTVerifyGetKey;
  /** Forgets what was fetched of an issuer, after its settings change. */
  forget(issuer: string): void;
}

/** Discovery documents and key sets, fetched on first use and kept for a while. */
export function createProviderDirectory(settings: MetadataSettings): ProviderDirectory {
  const documents = new Map<string, { metadata: ProviderMetadata; fetchedAt: number }>();
  const keySets = new Map<string, JWTVerifyGetKey>();

  async function fetchMetadata(issuer: string): Promise<ProviderMetadata> {
    const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw unreachable(issuer, networkReason(error));
    }
    if (!response.ok) {
      throw unreachable(issuer, `${url} answered ${response.status}`);
    }
    const document = await response.json().catch(() => {
      throw misconfigured(issuer, `answered ${url} with something other than JSON`);
    });
    return parseMetadata(issuer, document);
  }

  return {
    async metadata(issuer) {
      const kept = documents.get(issuer);
      if (kept && Date.now() - kept.fetchedAt < settings.cacheMs) return kept.metadata;
      const metadata = await fetchMetadata(issuer);
      documents.set(issuer, { metadata, fetchedAt: Date.now() });
      return metadata;
    },
    keys(metadata) {
      let keySet = keySets.get(metadata.jwksUri);
      if (!keySet) {
        keySet = createRemoteJWKSet(new URL(metadata.jwksUri), {
          timeoutDuration: settings.timeoutMs,
          cooldownDuration: settings.keysCooldownMs,
          cacheMaxAge: settings.cacheMs,
        });
        keySets.set(metadata.jwksUri, keySet);
      }
      return keySet;
    },
    forget(issuer) {
      const kept = documents.get(issuer);
      documents.delete(issuer);
      if (kept) keySets.delete(kept.metadata.jwksUri);
    },
  };
}
