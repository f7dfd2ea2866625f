/** Where a lab description is shown, and where the API serves lab files. */
export interface MarkdownOrigins {
  /** The page's origin, against which relative URLs resolve. */
  origin: string;
  /** The API's base URL (`/api` or an absolute URL), from the runtime configuration. */
  apiBaseUrl: string;
}

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

function parse(url: string, base: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/**
 * A link a description may hold: web pages and email addresses (relative links resolve to the
 * app's own pages). Anything else (`javascript:`, `data:`, `irc:`, `xmpp:`…) is no link at all.
 */
export function safeLinkUrl(url: string, { origin }: MarkdownOrigins): string | undefined {
  const parsed = parse(url, origin);
  return parsed && LINK_PROTOCOLS.has(parsed.protocol) ? url : undefined;
}

/**
 * An image a description may load: HackClass's own (the app's origin, or the API's lab files).
 * Any other host would learn each student's address and when they read the lab.
 */
export function isOwnImageUrl(url: string, { origin, apiBaseUrl }: MarkdownOrigins): boolean {
  const parsed = parse(url, origin);
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) return false;
  if (parsed.origin === origin) return true;
  const api = parse(apiBaseUrl, origin);
  if (!api) return false;
  const labFiles = `${api.pathname.replace(/\/$/, '')}/hacking-labs/`;
  return parsed.origin === api.origin && parsed.pathname.startsWith(labFiles);
}
