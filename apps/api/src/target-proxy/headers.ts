/**
 * Cookies HackClass sets itself: the proxy's own (`hackclass_target`) and the app's anti-forgery
 * cookie, with or without their `__Host-`/`__Secure-` prefixes. A target never sees them, nor
 * may it set them.
 */
const HACKCLASS_COOKIE = /^(?:__host-|__secure-)?hackclass_/i;

/** Meaningful for one connection only (RFC 9110 §7.6.1), so never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Pairs of a raw header list (`[name, value, name, value, …]`). */
function pairsOf(rawHeaders: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    pairs.push([rawHeaders[index] ?? '', rawHeaders[index + 1] ?? '']);
  }
  return pairs;
}

/** Header names a Connection header declares hop-by-hop, besides the standard ones. */
function connectionListed(pairs: [string, string][]): Set<string> {
  const listed = new Set<string>();
  for (const [name, value] of pairs) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) listed.add(token.trim().toLowerCase());
  }
  return listed;
}

function cookieName(cookie: string): string {
  const equals = cookie.indexOf('=');
  return (equals === -1 ? cookie : cookie.slice(0, equals)).trim();
}

/** A Cookie header without HackClass's cookies; empty when nothing else is left. */
export function withoutHackClassCookies(header: string): string {
  return header
    .split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie !== '' && !HACKCLASS_COOKIE.test(cookieName(cookie)))
    .join('; ');
}

export interface Forwarding {
  /** The address the request came from, appended to X-Forwarded-For. */
  clientAddress: string | undefined;
  /** The scheme users reach HackClass by (PUBLIC_URL's). */
  proto: string;
  /** A WebSocket (or other) upgrade keeps its Connection: Upgrade and Upgrade headers. */
  upgrade?: boolean;
}

/**
 * The headers a target gets, in the client's order and spelling: hop-by-hop headers and
 * HackClass's cookies removed, X-Forwarded-For/Proto/Host set. The Host header stays the
 * target's own host name, so the target's absolute links and redirects point back through us.
 */
export function requestHeadersForTarget(
  rawHeaders: readonly string[],
  { clientAddress, proto, upgrade = false }: Forwarding,
): string[] {
  const pairs = pairsOf(rawHeaders);
  const listed = connectionListed(pairs);
  const out: string[] = [];
  let host = '';
  let forwardedFor: string[] = [];
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    if (lower === 'host') host = value;
    if (lower === 'x-forwarded-for') {
      forwardedFor = [...forwardedFor, value];
      continue;
    }
    if (lower === 'x-forwarded-proto' || lower === 'x-forwarded-host' || lower === 'expect') {
      continue;
    }
    if (lower === 'cookie') {
      const kept = withoutHackClassCookies(value);
      if (kept) out.push(name, kept);
      continue;
    }
    // The body is passed on de-chunked; Node chunks it again when this header says so.
    if (lower === 'transfer-encoding' && !upgrade) {
      out.push(name, value);
      continue;
    }
    if (
      upgrade &&
      (lower === 'upgrade' || (lower === 'connection' && /\bupgrade\b/i.test(value)))
    ) {
      out.push(name, lower === 'connection' ? 'Upgrade' : value);
      continue;
    }
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    // Authorization passes on: HackClass's own requests never send it to a target's host (its ID
    // token goes to the app's origin only), and a target may ask for HTTP basic auth.
    out.push(name, value);
  }
  if (clientAddress) forwardedFor = [...forwardedFor, clientAddress];
  if (forwardedFor.length > 0) out.push('X-Forwarded-For', forwardedFor.join(', '));
  out.push('X-Forwarded-Proto', proto, 'X-Forwarded-Host', host);
  return out;
}

/**
 * A target's Set-Cookie, made safe to pass on: undefined for a cookie named like HackClass's,
 * else without any Domain attribute, so that the cookie stays on the target's own host and
 * cannot reach HackClass or another target.
 */
export function targetSetCookie(value: string): string | undefined {
  const [pair = '', ...attributes] = value.split(';');
  if (HACKCLASS_COOKIE.test(cookieName(pair))) return undefined;
  const kept = attributes.filter((attribute) => !/^\s*domain\s*=/i.test(attribute));
  return [pair, ...kept].join(';');
}

/**
 * The headers a browser gets from a target, in the target's order and spelling, with
 * `Cross-Origin-Resource-Policy: same-origin` in place of any the target set: no other origin's
 * page may embed what a target answers, even in a browser that sends no `Sec-Fetch-Site`.
 */
export function responseHeadersFromTarget(rawHeaders: readonly string[]): string[] {
  const pairs = pairsOf(rawHeaders);
  const listed = connectionListed(pairs);
  const out: string[] = [];
  for (const [name, value] of pairs) {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || listed.has(lower)) continue;
    if (lower === 'cross-origin-resource-policy') continue;
    if (lower === 'set-cookie') {
      const kept = targetSetCookie(value);
      if (kept !== undefined) out.push(name, kept);
      continue;
    }
    out.push(name, value);
  }
  out.push('Cross-Origin-Resource-Policy', 'same-origin');
  return out;
}
