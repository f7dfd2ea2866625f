#!/usr/bin/env node
// @ts-check
/**
 * HackClass's TCP tunnel client. A TCP target is reached through a WebSocket on HackClass's own
 * host; this listens on a local port and relays each connection made to it through a WebSocket
 * of its own. It is one file with no dependencies, served by HackClass for students to download,
 * and the `hackclass connect` command's client: keep it plain JavaScript that Node 22 runs as is.
 *
 *   node hackclass-connect.mjs <tunnel URL> --token <token> [--port 4000] [--host 127.0.0.1]
 */
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/**
 * @typedef {object} TunnelOptions
 * @property {string} url The tunnel's WebSocket address (ws: or wss:).
 * @property {string} token Sent as `Authorization: Bearer <token>`.
 * @property {string} [host] The local address to listen on; loopback by default.
 * @property {number} [port] The local port; 0 picks a free one.
 * @property {(line: string) => void} [log] Where connections and refusals are reported.
 */

/** Why the server refused a tunnel, as its plain-text answer says, or the socket's error. */
const describeFailure = (/** @type {unknown} */ event) =>
  event instanceof Error ? event.message : 'the tunnel was refused or could not be opened';

/**
 * Relays one local connection through a new WebSocket to the tunnel.
 * @param {import('node:net').Socket} local
 * @param {TunnelOptions} options
 */
function relay(local, { url, token, log = () => {} }) {
  // Node's WebSocket (undici) takes headers, which a browser's does not.
  const socket = new WebSocket(
    url,
    /** @type {any} */ ({ headers: { authorization: `Bearer ${token}` } }),
  );
  socket.binaryType = 'arraybuffer';
  /** @type {Buffer[]} */
  const pending = [];
  local.pause();
  local.on('data', (chunk) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(chunk);
    else pending.push(chunk);
  });
  socket.addEventListener('open', () => {
    for (const chunk of pending.splice(0)) socket.send(chunk);
    local.resume();
  });
  socket.addEventListener('message', (event) => {
    local.write(Buffer.from(/** @type {ArrayBuffer} */ (event.data)));
  });
  socket.addEventListener('error', (event) => {
    log(`hackclass connect: ${describeFailure(/** @type {any} */ (event).error)}`);
    local.destroy();
  });
  socket.addEventListener('close', (event) => {
    if (event.code === 1008 || event.code === 1011) log(`hackclass connect: ${event.reason}`);
    local.end();
  });
  local.on('close', () => socket.close());
  local.on('error', () => socket.close());
}

/**
 * Listens on the local address and relays every connection to the target.
 * @param {TunnelOptions} options
 * @returns {Promise<{ host: string, port: number, close(): Promise<void> }>}
 */
export function connectTunnel(options) {
  /** @type {Set<import('node:net').Socket>} */
  const open = new Set();
  const server = createServer((local) => {
    open.add(local);
    local.once('close', () => open.delete(local));
    relay(local, options);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const address = /** @type {import('node:net').AddressInfo} */ (server.address());
      resolve({
        host: address.address,
        port: address.port,
        close: () =>
          new Promise((done) => {
            server.close(() => done(undefined));
            for (const local of open) local.destroy();
          }),
      });
    });
  });
}

export const USAGE =
  'Usage: hackclass connect <tunnel URL> --token <token> [--port 4000] [--host 127.0.0.1]';

/**
 * The command line: parses it, listens, and says where to connect.
 * @param {string[]} args
 * @param {{ out(text: string): void, err(text: string): void }} io
 * @returns {Promise<{ close(): Promise<void> } | undefined>} undefined on a usage error
 */
export async function runConnect(args, io) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        token: { type: 'string' },
        port: { type: 'string', default: '4000' },
        host: { type: 'string', default: '127.0.0.1' },
      },
    });
  } catch (error) {
    io.err(`${/** @type {Error} */ (error).message}\n${USAGE}\n`);
    return undefined;
  }
  const { positionals, values } = parsed;
  const url = positionals[0] ?? '';
  const port = Number(values.port);
  if (positionals.length !== 1 || !/^wss?:\/\//.test(url) || !values.token) {
    io.err(`Give the tunnel URL and its token, as the target's lab page shows them.\n${USAGE}\n`);
    return undefined;
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    io.err(`--port must be a port number, 0 to 65535.\n${USAGE}\n`);
    return undefined;
  }
  const tunnel = await connectTunnel({
    url,
    token: values.token,
    host: values.host,
    port,
    log: (line) => io.err(`${line}\n`),
  });
  io.out(
    `The target is reachable at ${tunnel.host}:${tunnel.port} (e.g. nc ${tunnel.host} ${tunnel.port}) until you press Ctrl+C.\n`,
  );
  return tunnel;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const io = {
    out: (/** @type {string} */ text) => process.stdout.write(text),
    err: (/** @type {string} */ text) => process.stderr.write(text),
  };
  runConnect(process.argv.slice(2), io).then(
    (tunnel) => {
      if (!tunnel) process.exitCode = 2;
      else process.once('SIGINT', () => tunnel.close().then(() => process.exit(0)));
    },
    (/** @type {Error} */ error) => {
      io.err(`hackclass connect: ${error.message}\n`);
      process.exitCode = 1;
    },
  );
}
