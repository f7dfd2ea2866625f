/** An attack box's terminal WebSocket, on HackClass's own host: `/api/targets/<box id>/terminal`. */
const TERMINAL_PATH =
  /^\/api\/targets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/terminal$/;

/** The box id of a terminal upgrade's URL, or undefined for any other path. */
export function terminalBoxOf(url: string | undefined): string | undefined {
  const path = (url ?? '').split('?')[0] ?? '';
  return TERMINAL_PATH.exec(path.toLowerCase())?.[1];
}

/** The terminal's address with its ticket, as the browser dials it: PUBLIC_URL's origin, ws or wss. */
export function terminalUrl(publicUrl: string, boxId: string, ticket: string): string {
  const url = new URL(`/api/targets/${boxId}/terminal`, publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('ticket', ticket);
  return url.toString();
}
