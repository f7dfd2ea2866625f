/**
 * The OpenAPI security of a route: `read` takes a signed-in caller's ID token, or a personal API
 * token with the `read` scope; `write`, for a route that changes something, the ID token and the
 * anti-forgery token (see plugins/antiforgery.ts), or an API token with the `write` scope;
 * `browserRead` and `browserWrite`, for what API tokens may not do (`apiTokens: false`), the
 * ID token alone.
 */
type Security = Record<string, string[]>[];

export const read: Security = [{ idToken: [] }, { apiToken: ['read'] }];
export const write: Security = [{ idToken: [], antiforgery: [] }, { apiToken: ['write'] }];
export const browserRead: Security = [{ idToken: [] }];
export const browserWrite: Security = [{ idToken: [], antiforgery: [] }];
