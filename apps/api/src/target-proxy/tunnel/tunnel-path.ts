/** The TCP tunnel's WebSocket, on HackClass's own host: `/api/targets/<target id>/tunnel`. */
const TUNNEL_PATH =
  /^\/api\/targets\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/tunnel$/;

/** The target id of a tunnel upgrade's URL, or undefined for any other path. */
export function tunnelTargetOf(url: string | undefined): string | undefined {
  const path = (url ?? '').split('?')[0] ?? '';
  return TUNNEL_PATH.exec(path.toLowerCase())?.[1];
}

/** The tunnel's address as a WebSocket client dials it: PUBLIC_URL's origin, ws or wss. */
export function tunnelUrl(publicUrl: string, targetId: string): string {
  const url = new URL(`/api/targets/${targetId}/tunnel`, publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}
