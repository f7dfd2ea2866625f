import type { ServerResponse } from 'node:http';

/** A page of the proxy's own, shown on a target's host instead of the target. */
export interface ProxyPage {
  status: number;
  title: string;
  message: string;
}

export const PAGES = {
  noPass: {
    status: 401,
    title: 'Open this target from HackClass',
    message:
      'This address works only in a browser that opened the target from its lab page in HackClass.',
  },
  ticketRefused: {
    status: 403,
    title: 'This link no longer works',
    message: 'This link has been used or has expired: open the target again from HackClass.',
  },
  notRunning: {
    status: 503,
    title: 'This target is not running',
    message: 'Start it again from its lab page in HackClass.',
  },
  noAnswer: {
    status: 502,
    title: 'This target does not answer',
    message:
      'It may have stopped or crashed. Try again in a moment, or reset it from its lab page in HackClass.',
  },
  unavailable: {
    status: 503,
    title: 'HackClass cannot check this request',
    message: 'HackClass cannot reach its database right now. Try again in a moment.',
  },
  getOnly: {
    status: 405,
    title: 'Open this link in the browser',
    message: 'This address exchanges an Open link from HackClass and takes no other requests.',
  },
  otherSite: {
    status: 403,
    title: 'This request came from another site',
    message:
      'A target takes requests from its own pages only. To open it, use its lab page in HackClass.',
  },
  tooMany: {
    status: 429,
    title: 'Too many requests',
    message:
      'HackClass takes a limited number of requests to live targets from each person. Try again in a minute.',
  },
} as const satisfies Record<string, ProxyPage>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? '',
  );

/** A small self-contained page: no scripts, no external assets, a link back to HackClass. */
export function pageHtml({ title, message }: ProxyPage, publicUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | HackClass</title>
<style>
body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e9ecef;background:#1a1b1e}a{color:#74c0fc}}
h1{font-size:1.5rem}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="${escapeHtml(publicUrl)}">Go to HackClass</a></p>
</main>
</body>
</html>
`;
}

/**
 * Headers of the proxy's own answers: never cached, never framed, nothing loaded, never read by
 * another origin's page.
 */
export const OWN_HEADERS = {
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

function sendHtml(
  response: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    ...OWN_HEADERS,
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}

export function sendPage(response: ServerResponse, page: ProxyPage, publicUrl: string): void {
  sendHtml(response, page.status, pageHtml(page, publicUrl));
}

/** The page that sets the target's cookie and goes on to its `/`, with no script. */
const OPENING_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="refresh" content="0;url=/">
<title>Opening the target | HackClass</title>
</head>
<body>
<p><a href="/">Continue to the target</a></p>
</body>
</html>
`;

export function sendOpening(response: ServerResponse, cookie: string): void {
  sendHtml(response, 200, OPENING_HTML, { 'set-cookie': cookie });
}
