import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX } from '@hackclass/contracts';

/** `hcp_` and 32 random bytes, base64url: 256 bits, so a fast hash keeps them safe at rest. */
const TOKEN_TEXT = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** The characters of a token's text shown to tell it apart: `hcp_` and eight more. */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 8;

/** The SHA-256 of a token's text, as `api_tokens` keeps it. */
export const apiTokenHashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whether a bearer is a personal API token rather than an ID token. */
export const isApiTokenText = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

export const isWellFormedApiToken = (bearer: string) => TOKEN_TEXT.test(bearer);

/** A new token's text, the hash to store instead of it, and the part of it shown in lists. */
export function newApiTokenText(): { text: string; hash: string; prefix: string } {
  const text = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { text, hash: apiTokenHashOf(text), prefix: text.slice(0, SHOWN_LENGTH) };
}
