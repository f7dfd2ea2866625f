/**
 * The OpenAPI security of a route: `read` takes a signed-in caller's ID token; `write`, for a
 * route that changes something, also the anti-forgery token (see plugins/antiforgery.ts).
 */
export const read = [{ idToken: [] }];
export const write = [{ idToken: [], antiforgery: [] }];
