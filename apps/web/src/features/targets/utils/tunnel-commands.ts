import type { TargetTunnel } from '@hackclass/contracts';

/** The local port the commands listen on: a student then runs `nc 127.0.0.1 <port>`. */
export const TUNNEL_LOCAL_PORT = 4000;

/** Quotes a value for a POSIX shell (and for PowerShell: single quotes there too). */
const quoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The file name the connector downloads as. */
export const CONNECTOR_FILE = 'hackclass-connect.mjs';

/** HackClass's own client, the downloaded connector, run with Node 22 or later. */
export const connectCommand = ({ url, token }: Pick<TargetTunnel, 'url' | 'token'>) =>
  `node ${CONNECTOR_FILE} ${quoted(url)} --token ${quoted(token)} --port ${TUNNEL_LOCAL_PORT}`;

/** The same tunnel with websocat, for students who have it rather than Node. */
export const websocatCommand = ({ url, token }: Pick<TargetTunnel, 'url' | 'token'>) =>
  `websocat --binary -H ${quoted(`Authorization: Bearer ${token}`)} tcp-l:127.0.0.1:${TUNNEL_LOCAL_PORT} ${quoted(url)}`;
