export type IdTokenErrorReason =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'missing_key_id'
  | 'unknown_key'
  | 'bad_signature'
  | 'expired'
  | 'issued_in_future'
  | 'auth_time_in_future'
  | 'wrong_audience'
  | 'wrong_issuer'
  | 'missing_subject'
  | 'unaccepted_sign_in_provider'
  | 'keys_unavailable';

const MESSAGES: Record<IdTokenErrorReason, string> = {
  malformed: 'ID token is not a well-formed JWT',
  unsupported_algorithm: 'ID token must be signed with RS256',
  missing_key_id: 'ID token has no "kid" (key id) header',
  unknown_key: 'ID token was signed with a key the issuer does not publish',
  bad_signature: 'ID token has an invalid signature',
  expired: 'ID token has expired',
  issued_in_future: 'ID token was issued in the future',
  auth_time_in_future: 'ID token has an authentication time in the future',
  wrong_audience: 'ID token was issued for another project',
  wrong_issuer: 'ID token was issued by an unexpected issuer',
  missing_subject: 'ID token subject (uid) must be a non-empty string of at most 128 characters',
  unaccepted_sign_in_provider: 'ID token comes from a sign-in provider that is not accepted',
  keys_unavailable: "ID token could not be verified: the issuer's keys are unavailable",
};

/** Why a token was refused; `message` is a human sentence safe to show, `cause` is for logs. */
export class IdTokenError extends Error {
  override readonly name = 'IdTokenError';
  readonly reason: IdTokenErrorReason;

  constructor(reason: IdTokenErrorReason, message = MESSAGES[reason], options?: ErrorOptions) {
    super(message, options);
    this.reason = reason;
  }
}
