export type { VerifiedIdToken } from './claims.js';
export { IdTokenError, type IdTokenErrorReason } from './errors.js';
export {
  createIdTokenVerifier,
  type IdTokenVerifier,
  type IdTokenVerifierOptions,
} from './verifier.js';
