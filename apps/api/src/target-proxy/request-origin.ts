import type { IncomingHttpHeaders } from 'node:http';

/** The origin of a target's own pages: PUBLIC_URL's scheme and the host the request named. */
export function targetOriginOf(proto: string, host: string | undefined): string | undefined {
  const url = URL.parse(`${proto}://${host ?? ''}`);
  return url?.host ? url.origin : undefined;
}

/**
 * Whether a browser made this request for a page of another origin, such as a sibling target's
 * page fetching this target with the teacher's pass. Sibling targets share a site (only a Public
 * Suffix List entry for the labs domain would part them), so SameSite does not stop those.
 * - `Sec-Fetch-Site` `same-site` or `cross-site`: another origin's page, or a redirect from one
 *   (the browser keeps the initiator's site along a redirect chain). `same-origin`, `none` (typed,
 *   bookmarked) and no header at all (clients that are no browser) pass.
 * - An `Origin` header other than the target's: browsers send one on WebSocket handshakes (which
 *   carry no `Sec-Fetch-Site`) and on other methods than GET, from any page; `null` included.
 *
 * Browsers send `Sec-Fetch-Site` over https and to localhost only (Fetch Metadata goes to
 * potentially trustworthy URLs): over plain http elsewhere, a GET from another target passes.
 */
export function fromAnotherOrigin(
  headers: IncomingHttpHeaders,
  ownOrigin: string | undefined,
): boolean {
  const site = headers['sec-fetch-site'];
  if (site === 'same-site' || site === 'cross-site') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  return ownOrigin === undefined || URL.parse(origin)?.origin !== ownOrigin;
}
