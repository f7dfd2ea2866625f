/**
 * Every error the identity service answers with, defined once. `message` is the protocol's code:
 * the firebase/auth SDK reads the text before " : " and maps it to its `auth/…` code by itself,
 * so these strings are part of the wire contract and must not change.
 */
interface ErrorSpec {
  http?: number;
  /** The text after " : ", which the SDK shows as the error's message. */
  detail?: string;
  /** Google's RPC status, sent for transport-level errors as Google's own front end does. */
  rpcStatus?: string;
  /** Sent as the whole message, without a code before it (Google's front-end errors). */
  literal?: string;
  reason?: string;
}

export const protocolErrors = {
  // Sign-up and sign-in
  MISSING_EMAIL: {},
  MISSING_PASSWORD: {},
  INVALID_EMAIL: {},
  EMAIL_EXISTS: {},
  WEAK_PASSWORD: { detail: 'Password should be at least 8 characters' },
  INVALID_LOGIN_CREDENTIALS: {},
  USER_DISABLED: {},
  OPERATION_NOT_ALLOWED: {},
  TOO_MANY_ATTEMPTS_TRY_LATER: {
    detail:
      'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
  },
  // ID tokens and accounts
  MISSING_ID_TOKEN: {},
  INVALID_ID_TOKEN: {},
  TOKEN_EXPIRED: {},
  USER_NOT_FOUND: {},
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: {},
  // Out-of-band codes
  MISSING_REQ_TYPE: {},
  INVALID_REQ_TYPE: {},
  MISSING_OOB_CODE: {},
  INVALID_OOB_CODE: {},
  EXPIRED_OOB_CODE: {},
  INVALID_CONTINUE_URI: {},
  UNAUTHORIZED_DOMAIN: {},
  RESET_PASSWORD_EXCEED_LIMIT: {},
  // Sign-in through a provider (OpenID Connect)
  INVALID_PROVIDER_ID: {},
  MISSING_REQUEST_URI: {},
  INVALID_IDP_RESPONSE: {},
  IDP_UNAVAILABLE: {},
  IDP_MISCONFIGURED: {},
  IDP_REFUSED: {},
  MISSING_OR_INVALID_NONCE: {
    detail: 'The ID token does not belong to this sign-in (nonce): start again',
  },
  EMAIL_DOMAIN_NOT_ALLOWED: {},
  INVALID_PENDING_TOKEN: {},
  FEDERATED_USER_ID_ALREADY_LINKED: {
    detail: 'This account at the provider is already linked to another HackClass account',
  },
  PROVIDER_ALREADY_LINKED: {
    detail: 'This HackClass account is already linked to another account at the provider',
  },
  PASSWORD_LOGIN_DISABLED: {},
  // Secure Token
  MISSING_GRANT_TYPE: {},
  INVALID_GRANT_TYPE: {},
  MISSING_REFRESH_TOKEN: {},
  INVALID_REFRESH_TOKEN: {},
  // Admin API
  INVALID_SERVICE_SECRET: { http: 401 },
  INVALID_CLAIMS: {},
  CLAIMS_TOO_LARGE: { detail: 'Custom claims must not exceed 1000 characters as JSON' },
  // Transport: API key, payload, routing
  API_KEY_INVALID: {
    literal: 'API key not valid. Please pass a valid API key.',
    rpcStatus: 'INVALID_ARGUMENT',
    reason: 'badRequest',
  },
  API_KEY_MISSING: {
    http: 403,
    literal:
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    rpcStatus: 'PERMISSION_DENIED',
    reason: 'forbidden',
  },
  INVALID_ARGUMENT: { literal: 'Invalid JSON payload received.', rpcStatus: 'INVALID_ARGUMENT' },
  PAYLOAD_TOO_LARGE: {
    http: 413,
    literal: 'Request payload size exceeds the limit.',
    rpcStatus: 'INVALID_ARGUMENT',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    http: 415,
    literal: 'Unsupported Content-Type; send application/json.',
    rpcStatus: 'INVALID_ARGUMENT',
  },
  NOT_FOUND: { http: 404, literal: 'Requested entity was not found.', rpcStatus: 'NOT_FOUND' },
  INTERNAL: { http: 500, literal: 'Internal error encountered.', rpcStatus: 'INTERNAL' },
  UNAVAILABLE: {
    http: 503,
    literal: 'The service is currently unavailable.',
    rpcStatus: 'UNAVAILABLE',
    reason: 'backendError',
  },
} as const satisfies Record<string, ErrorSpec>;

export type ProtocolErrorCode = keyof typeof protocolErrors;

/** An error sent in the protocol's envelope; `detail` replaces the registry's default text. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
  readonly http: number;

  constructor(
    readonly code: ProtocolErrorCode,
    detail?: string,
  ) {
    const spec: ErrorSpec = protocolErrors[code];
    const text = detail ?? spec.detail;
    super(spec.literal && !detail ? spec.literal : text ? `${code} : ${text}` : code);
    this.http = spec.http ?? 400;
  }

  /** `{"error":{"code":400,"message":"EMAIL_EXISTS","errors":[…]}}`, as Google sends it. */
  toEnvelope() {
    const spec: ErrorSpec = protocolErrors[this.code];
    return {
      error: {
        code: this.http,
        message: this.message,
        errors: [{ message: this.message, domain: 'global', reason: spec.reason ?? 'invalid' }],
        ...(spec.rpcStatus ? { status: spec.rpcStatus } : {}),
      },
    };
  }
}

/** A field of the wrong type or size, worded like Google's own payload errors. */
export function invalidField(name: string, why: string): ProtocolError {
  return new ProtocolError('INVALID_ARGUMENT', `Invalid value at '${name}' (${why})`);
}
